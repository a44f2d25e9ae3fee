/**
 * The event bus across processes sharing one PostgreSQL: NOTIFY on the pool to publish, one
 * dedicated connection per process that LISTENs. PostgreSQL delivers a notification to every
 * listening session once the publishing transaction commits, the publisher's own process too.
 *
 * The listening connection is the single point that can silently fail, so it is watched: a
 * connection error or end, or a probe that does not come back, replaces it with backoff, and the
 * listeners hear `onGap` once the new one listens (anything published in between is lost).
 */
import pg from 'pg';
import {
  encodeEvent,
  Listeners,
  type BusEvent,
  type BusListener,
  type EventBus,
} from './event-bus.js';

/** The one NOTIFY channel; the topic travels in the payload. */
export const NOTIFY_CHANNEL = 'vidtube_events';

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;
/** How often the listening connection is probed: a half-open TCP connection raises no error. */
const PROBE_EVERY_MS = 30_000;

export interface PostgresBusOptions {
  connectionString: string;
  /** Runs a statement on the application's pool (publishing needs no connection of its own). */
  query(text: string, values: unknown[]): Promise<unknown>;
  log?: (message: string) => void;
  /** How the listening connection shows in pg_stat_activity (default 'vidtube events'). */
  applicationName?: string;
}

export class PostgresBus implements EventBus {
  private readonly listeners = new Listeners();
  private client: pg.Client | undefined;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private probeTimer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(private readonly options: PostgresBusOptions) {}

  /** Resolves once this process listens, so nothing published after the start is missed. */
  static async open(options: PostgresBusOptions): Promise<PostgresBus> {
    const bus = new PostgresBus(options);
    await bus.listen();
    bus.probeTimer = setInterval(() => void bus.probe(), PROBE_EVERY_MS).unref();
    return bus;
  }

  async publish(event: BusEvent): Promise<void> {
    await this.options.query('select pg_notify($1, $2)', [NOTIFY_CHANNEL, encodeEvent(event)]);
  }

  subscribe(topic: string, listener: BusListener): () => void {
    return this.listeners.subscribe(topic, listener);
  }

  onGap(listener: () => void): () => void {
    return this.listeners.onGap(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.probeTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      keepAlive: true,
      application_name: this.options.applicationName ?? 'vidtube events',
    });
    client.on('notification', (message) => {
      if (message.channel !== NOTIFY_CHANNEL || !message.payload) return;
      const event = parseEvent(message.payload);
      if (event) this.listeners.deliver(event);
    });
    client.on('error', (error) => this.lost(client, error.message));
    client.on('end', () => this.lost(client, 'connection ended'));
    await client.connect();
    await client.query(`listen ${NOTIFY_CHANNEL}`);
    this.client = client;
  }

  private lost(client: pg.Client, reason: string): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.options.log?.(`event bus: listening connection lost (${reason}); reconnecting`);
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    this.retryTimer = setTimeout(() => void this.reconnect(), this.retryMs);
    this.retryTimer.unref();
  }

  private async reconnect(): Promise<void> {
    try {
      await this.listen();
    } catch (error) {
      this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
      this.options.log?.(`event bus: reconnect failed (${(error as Error).message})`);
      this.scheduleReconnect();
      return;
    }
    this.retryMs = FIRST_RETRY_MS;
    this.options.log?.('event bus: listening again');
    this.listeners.gap();
  }

  private async probe(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('probe timed out')), 5_000).unref(),
    );
    try {
      await Promise.race([client.query('select 1'), timeout]);
    } catch (error) {
      this.lost(client, (error as Error).message);
    }
  }
}

/** A payload that is not one of ours (another program on the channel) is ignored. */
function parseEvent(payload: string): BusEvent | undefined {
  try {
    const value: unknown = JSON.parse(payload);
    if (value && typeof value === 'object' && typeof (value as BusEvent).topic === 'string') {
      return value as BusEvent;
    }
  } catch {
    // fall through
  }
  return undefined;
}
