/**
 * The open Server-Sent Events streams of this process and what reaches them. Each stream belongs
 * to a signed-in user and may watch one video (the watch page it was opened from). Events from
 * the bus (live-topics.ts, every replica's writes) become SSE messages that name what changed by
 * id only; the client re-reads through the API, with its own session and visibility rules.
 *
 * - A new video's fan-out arrives as one event: the hub asks the database which of the users
 *   connected here were notified (one query per replica, however many subscribers).
 * - After a gap in the bus (its connection was lost and is back) every stream is told to re-read.
 * - A stream is closed after STREAM_MAX_MS, so the client reconnects with a fresh access token:
 *   a revoked session stops receiving within that time.
 * - A client that does not read (its socket buffer over MAX_BUFFERED_BYTES) is cut off rather
 *   than held in memory.
 */
import type { ServerResponse } from 'node:http';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { notifications } from '../db/schema.js';
import type { BusEvent } from '../events/event-bus.js';
import { LIVE_TOPICS } from './live-topics.js';

/** Open streams one user may hold (tabs and devices); one more is refused with 429. */
export const MAX_STREAMS_PER_USER = 8;
/** What EventSource waits before reconnecting after the stream ends (the `retry:` field). */
export const RETRY_HINT_MS = 3_000;
/** The access token's lifetime: the stream ends then, and reconnects with a refreshed one. */
export const STREAM_MAX_MS = 15 * 60 * 1000;
const MAX_BUFFERED_BYTES = 256 * 1024;

interface Stream {
  userId: string;
  videoId: string | null;
  res: ServerResponse;
}

export class LiveHub {
  private readonly byUser = new Map<string, Set<Stream>>();
  private readonly byVideo = new Map<string, Set<Stream>>();
  private readonly unsubscribe: (() => void)[];
  private readonly heartbeat: NodeJS.Timeout;
  private isClosed = false;

  /**
   * Proxies close idle connections (nginx after 60 s by default): a comment line every
   * LIVE_HEARTBEAT_MS keeps the stream busy.
   */
  constructor(private readonly ctx: Pick<AppContext, 'config' | 'db' | 'events'>) {
    const { events } = ctx;
    this.unsubscribe = [
      events.subscribe(LIVE_TOPICS.notifications, (e) => this.toUser(e)),
      events.subscribe(LIVE_TOPICS.newVideo, (e) => void this.toNotifiedOfVideo(e)),
      events.subscribe(LIVE_TOPICS.comment, (e) => this.toWatchers(e)),
      events.onGap(() => this.everyoneRereads()),
    ];
    this.heartbeat = setInterval(
      () => this.broadcastRaw(': heartbeat\n\n'),
      ctx.config.liveHeartbeatMs,
    );
    this.heartbeat.unref();
  }

  /** Open streams in this process (for tests and the bench). */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  canOpen(userId: string): boolean {
    return (this.byUser.get(userId)?.size ?? 0) < MAX_STREAMS_PER_USER;
  }

  /** Adds a stream whose headers were sent; it is removed when its connection closes. */
  add(userId: string, videoId: string | null, res: ServerResponse): void {
    const stream: Stream = { userId, videoId, res };
    addTo(this.byUser, userId, stream);
    if (videoId) addTo(this.byVideo, videoId, stream);
    // Jitter, so streams opened together do not all reconnect together.
    const lifetime = setTimeout(() => res.end(), STREAM_MAX_MS * (0.9 + Math.random() * 0.1));
    lifetime.unref();
    res.on('close', () => {
      clearTimeout(lifetime);
      removeFrom(this.byUser, userId, stream);
      if (videoId) removeFrom(this.byVideo, videoId, stream);
    });
    res.write(`retry: ${RETRY_HINT_MS}\n\n`);
  }

  /** Closed with the app: its streams ended, and it takes no new one. */
  get closed(): boolean {
    return this.isClosed;
  }

  close(): void {
    this.isClosed = true;
    clearInterval(this.heartbeat);
    for (const stop of this.unsubscribe) stop();
    for (const set of this.byUser.values()) for (const stream of set) stream.res.end();
  }

  private toUser(event: BusEvent): void {
    const userId = typeof event.userId === 'string' ? event.userId : null;
    if (userId) this.send(this.byUser.get(userId), 'notifications', {});
  }

  private async toNotifiedOfVideo(event: BusEvent): Promise<void> {
    const videoId = typeof event.videoId === 'string' ? event.videoId : null;
    const connected = [...this.byUser.keys()];
    if (!videoId || connected.length === 0) return;
    try {
      const rows = await this.ctx.db
        .select({ userId: notifications.recipientId })
        .from(notifications)
        .where(
          and(
            eq(notifications.dedupeKey, `newVideo:${videoId}`),
            inArray(notifications.recipientId, connected),
          ),
        );
      for (const { userId } of rows) this.send(this.byUser.get(userId), 'notifications', {});
    } catch (error) {
      console.error(
        JSON.stringify({ msg: 'live: new video fan-out failed', err: (error as Error).message }),
      );
    }
  }

  private toWatchers(event: BusEvent): void {
    const { videoId, commentId } = event;
    if (typeof videoId !== 'string' || typeof commentId !== 'string') return;
    this.send(this.byVideo.get(videoId), 'comment', { videoId, commentId });
  }

  private everyoneRereads(): void {
    for (const set of this.byUser.values()) this.send(set, 'notifications', {});
    for (const [videoId, set] of this.byVideo) this.send(set, 'comments', { videoId });
  }

  private send(streams: Set<Stream> | undefined, name: string, data: object): void {
    if (!streams) return;
    const message = `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const stream of streams) write(stream, message);
  }

  private broadcastRaw(message: string): void {
    for (const set of this.byUser.values()) for (const stream of set) write(stream, message);
  }
}

function write(stream: Stream, message: string): void {
  if (stream.res.writableLength > MAX_BUFFERED_BYTES) {
    stream.res.destroy();
    return;
  }
  stream.res.write(message);
}

function addTo<K>(map: Map<K, Set<Stream>>, key: K, stream: Stream): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(stream);
}

function removeFrom<K>(map: Map<K, Set<Stream>>, key: K, stream: Stream): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(stream);
  if (set.size === 0) map.delete(key);
}
