/**
 * Events between the parts of the site that must react to a write made elsewhere: a feed cache
 * cleared by another replica's edit, a bell that lights up when someone else comments. An event
 * carries a topic and ids only, never user text: a listener re-reads what it needs through the
 * usual (authorised) queries, and PostgreSQL's NOTIFY payloads stay far below their 8 000 bytes.
 *
 * Delivery is at most once. A listener that must not miss anything also listens to `onGap`,
 * which fires after the bus was cut off (a dropped LISTEN connection) and is back: whatever
 * depends on events (a cache, a live count) is refreshed from the database then.
 */
export interface BusEvent {
  topic: string;
  [key: string]: string | number | undefined;
}

export type BusListener = (event: BusEvent) => void;

export interface EventBus {
  /**
   * Delivers `event` to every subscriber of its topic in every process sharing the database,
   * this one included. Publish after the transaction that made the change commits, so that a
   * listener re-reading the rows sees it.
   */
  publish(event: BusEvent): Promise<void>;
  /** Returns the function that ends the subscription. */
  subscribe(topic: string, listener: BusListener): () => void;
  /** Called when events may have been missed (the bus lost its connection and is back). */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

/** The largest payload the bus accepts, in bytes of JSON (NOTIFY's limit is 8 000). */
export const MAX_EVENT_BYTES = 4_000;

/** The listeners of one process, by topic; both buses deliver through it. */
export class Listeners {
  private readonly byTopic = new Map<string, Set<BusListener>>();
  private readonly gapListeners = new Set<() => void>();

  subscribe(topic: string, listener: BusListener): () => void {
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byTopic.get(topic) === set) this.byTopic.delete(topic);
    };
  }

  onGap(listener: () => void): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }

  deliver(event: BusEvent): void {
    const set = this.byTopic.get(event.topic);
    if (!set) return;
    // A copy: a listener may unsubscribe (itself or another) while being called.
    for (const listener of [...set]) callSafely(() => listener(event));
  }

  gap(): void {
    for (const listener of [...this.gapListeners]) callSafely(listener);
  }
}

/** One failing listener must not keep the event from the others, nor crash the process. */
function callSafely(call: () => void): void {
  try {
    call();
  } catch (error) {
    console.error(
      JSON.stringify({ msg: 'event listener failed', err: (error as Error).message ?? error }),
    );
  }
}

/** Refuses what a listener could not rely on: no topic, or a payload too large for NOTIFY. */
export function encodeEvent(event: BusEvent): string {
  if (typeof event.topic !== 'string' || event.topic === '') {
    throw new Error('event bus: an event needs a topic');
  }
  const text = JSON.stringify(event);
  if (Buffer.byteLength(text) > MAX_EVENT_BYTES) {
    throw new Error(`event bus: the '${event.topic}' event is over ${MAX_EVENT_BYTES} bytes`);
  }
  return text;
}

/**
 * The bus of a single process (the embedded database): delivery is a call on the next turn of
 * the event loop, as it would arrive from PostgreSQL, so a publisher never runs its listeners
 * inside its own request.
 */
export class InProcessBus implements EventBus {
  private readonly listeners = new Listeners();
  private readonly atPublish = new Listeners();
  private closed = false;

  async publish(event: BusEvent): Promise<void> {
    const copy = JSON.parse(encodeEvent(event)) as BusEvent;
    if (this.closed) return;
    this.atPublish.deliver(copy);
    setImmediate(() => this.listeners.deliver(copy));
  }

  /**
   * Like subscribe, but the listener runs inside publish() itself, before the publisher's next
   * step: for state the publisher's own next request reads, which must have changed by then (the
   * session cache, auth/session-cache.ts: a signed-out session is refused at its next request).
   * Such a listener must only drop what it holds; anything else belongs in subscribe().
   */
  subscribeAtPublish(topic: string, listener: BusListener): () => void {
    return this.atPublish.subscribe(topic, listener);
  }

  subscribe(topic: string, listener: BusListener): () => void {
    return this.listeners.subscribe(topic, listener);
  }

  onGap(listener: () => void): () => void {
    return this.listeners.onGap(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
