/**
 * The open Server-Sent Events streams of this process and what reaches them. Each stream belongs
 * to a signed-in session and may watch one video (the watch page it was opened from); its slot
 * lives exactly as long as its connection (live-streams.ts). Events from the bus (live-topics.ts,
 * every replica's writes) become SSE messages that name what changed by id only; the client
 * re-reads through the API, with its own session and visibility rules.
 *
 * - A new video's fan-out arrives as one event: the hub asks the database which of the users
 *   connected here were notified (one query per replica, however many subscribers).
 * - A comment reaches only the watchers who may still see its video, checked when it is
 *   delivered (one query per event and replica): an unpublished video's comments reach its owner
 *   only, a deleted one's nobody.
 * - A session that ends (sign-out, password change, a replayed refresh token, a deleted row) is
 *   announced on the bus; every replica checks its streams of that user against the database and
 *   ends those whose session is no longer live.
 * - After a gap in the bus (its connection was lost and is back) every stream is told to re-read
 *   and every stream's session is checked again.
 * - A stream is closed after STREAM_MAX_MS, so the client reconnects with a fresh access token.
 * - A client that does not read (its socket buffer over MAX_BUFFERED_BYTES) is cut off rather
 *   than held in memory.
 */
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { ServerContext } from '../context.js';
import { notifications, sessions, videos } from '../db/schema.js';
import type { BusEvent } from '../events/event-bus.js';
import { LiveStreams, type Stream, type StreamOwner } from './live-streams.js';
import { LIVE_TOPICS } from '../events/live-topics.js';

/** What EventSource waits before reconnecting after the stream ends (the `retry:` field). */
export const RETRY_HINT_MS = 3_000;
/** The access token's lifetime: the stream ends then, and reconnects with a refreshed one. */
export const STREAM_MAX_MS = 15 * 60 * 1000;
const MAX_BUFFERED_BYTES = 256 * 1024;
/** Ids per statement when every stream is checked at once (after a gap). */
const IDS_PER_QUERY = 1_000;

export class LiveHub {
  private readonly streams: LiveStreams;
  private readonly unsubscribe: (() => void)[];
  private readonly heartbeat: NodeJS.Timeout;
  private isClosed = false;
  /** Deliveries run one after the other, so streams hear events in the bus's order. */
  private queue: Promise<void> = Promise.resolve();

  /**
   * Proxies close idle connections (nginx after 60 s by default): a comment line every
   * LIVE_HEARTBEAT_MS keeps the stream busy.
   */
  constructor(private readonly ctx: Pick<ServerContext, 'config' | 'db' | 'events'>) {
    const { events } = ctx;
    this.streams = new LiveStreams(ctx.config.liveStreamsPerAddress);
    this.unsubscribe = [
      events.subscribe(LIVE_TOPICS.notifications, (e) => this.inOrder(async () => this.toUser(e))),
      events.subscribe(LIVE_TOPICS.newVideo, (e) => this.inOrder(() => this.toNotifiedOfVideo(e))),
      events.subscribe(LIVE_TOPICS.comment, (e) => this.inOrder(() => this.toWatchers(e))),
      events.subscribe(LIVE_TOPICS.sessionsEnded, (e) => this.inOrder(() => this.endSessions(e))),
      events.onGap(() => this.inOrder(() => this.afterGap())),
    ];
    this.heartbeat = setInterval(
      () => this.broadcastRaw(': heartbeat\n\n'),
      ctx.config.liveHeartbeatMs,
    );
    this.heartbeat.unref();
  }

  /** Slots held in this process (for tests and the bench). */
  get size(): number {
    return this.streams.size;
  }

  /** Opens handled since the start (tests wait for aborted opens with it). */
  get opensHandled(): number {
    return this.streams.opensHandled;
  }

  /**
   * Takes a slot for the connection of `res` before anything is awaited, so a connection that
   * closes meanwhile frees it. Null: the connection is already gone. 429 past a cap.
   */
  take(owner: StreamOwner, res: Stream['res']): Stream | null {
    return this.streams.take(owner, res);
  }

  /** Frees a slot whose open was refused after it was taken (the video is not visible). */
  free(stream: Stream): void {
    this.streams.free(stream);
  }

  /**
   * Starts a stream whose headers were sent: it receives its user's events, and `videoId`'s
   * comments. Ends on its own after STREAM_MAX_MS; its slot goes with its connection.
   */
  start(stream: Stream, videoId: string | null): void {
    this.streams.start(stream, videoId);
    const { res } = stream;
    // Jitter, so streams opened together do not all reconnect together.
    const lifetime = setTimeout(() => res.end(), STREAM_MAX_MS * (0.9 + Math.random() * 0.1));
    lifetime.unref();
    res.once('close', () => clearTimeout(lifetime));
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
    for (const stream of this.streams.live()) stream.res.end();
  }

  private toUser(event: BusEvent): void {
    const userId = typeof event.userId === 'string' ? event.userId : null;
    if (userId) this.send(this.streams.ofUser(userId), 'notifications', {});
  }

  private async toNotifiedOfVideo(event: BusEvent): Promise<void> {
    const videoId = typeof event.videoId === 'string' ? event.videoId : null;
    const connected = this.streams.users();
    if (!videoId || connected.length === 0) return;
    const rows = await this.ctx.db
      .select({ userId: notifications.recipientId })
      .from(notifications)
      .where(
        and(
          eq(notifications.dedupeKey, `newVideo:${videoId}`),
          inArray(notifications.recipientId, connected),
        ),
      );
    for (const { userId } of rows) this.send(this.streams.ofUser(userId), 'notifications', {});
  }

  private async toWatchers(event: BusEvent): Promise<void> {
    const { videoId, commentId } = event;
    if (typeof videoId !== 'string' || typeof commentId !== 'string') return;
    const parentId = typeof event.parentId === 'string' ? event.parentId : null;
    if (!this.streams.watching(videoId)) return;
    const seeing = await this.whoMaySee([videoId]);
    this.send(seeing.get(videoId), 'comment', { videoId, commentId, parentId });
  }

  /**
   * The watchers here of each of `videoIds` who may see it now: everyone while it is public or
   * unlisted, its owner only while it is private, nobody once it is deleted.
   */
  private async whoMaySee(videoIds: string[]): Promise<Map<string, Stream[]>> {
    const seeing = new Map<string, Stream[]>();
    for (const ids of chunks(videoIds)) {
      const rows = await this.ctx.db
        .select({ id: videos.id, ownerId: videos.ownerId, visibility: videos.visibility })
        .from(videos)
        .where(inArray(videos.id, ids));
      for (const row of rows) {
        const watchers = [...(this.streams.watching(row.id) ?? [])];
        seeing.set(
          row.id,
          // Unlisted: whoever watches it has its link (issue 34).
          row.visibility !== 'private'
            ? watchers
            : watchers.filter((s) => s.userId === row.ownerId),
        );
      }
    }
    return seeing;
  }

  /** Ends the streams (of the event's user, or of its session) whose session is over. */
  private async endSessions(event: BusEvent): Promise<void> {
    const { userId, sessionId } = event;
    let candidates: Stream[] = [];
    if (typeof userId === 'string') candidates = [...(this.streams.ofUser(userId) ?? [])];
    else if (typeof sessionId === 'string') {
      candidates = this.streams.live().filter((s) => s.sessionId === sessionId);
    }
    await this.endUnlessLive(candidates);
  }

  /** A stream still being opened had its session checked a moment ago: only started ones. */
  private async endUnlessLive(all: Stream[]): Promise<void> {
    const candidates = all.filter((s) => s.live);
    if (candidates.length === 0) return;
    const live = new Set<string>();
    for (const ids of chunks([...new Set(candidates.map((s) => s.sessionId))])) {
      const rows = await this.ctx.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            inArray(sessions.id, ids),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
          ),
        );
      for (const row of rows) live.add(row.id);
    }
    for (const stream of candidates) if (!live.has(stream.sessionId)) stream.res.end();
  }

  private async afterGap(): Promise<void> {
    for (const userId of this.streams.users()) {
      this.send(this.streams.ofUser(userId), 'notifications', {});
    }
    await this.endUnlessLive(this.streams.live());
    const seeing = await this.whoMaySee(this.streams.videos());
    for (const [videoId, watchers] of seeing) this.send(watchers, 'comments', { videoId });
  }

  /**
   * Queues a delivery behind the earlier ones. A failed read is logged: the event is lost for
   * this replica's streams, the write that caused it stands.
   */
  private inOrder(deliver: () => Promise<void>): void {
    this.queue = this.queue.then(deliver).catch((error: unknown) => {
      console.error(
        JSON.stringify({ msg: 'live: delivery failed', err: (error as Error).message }),
      );
    });
  }

  private send(streams: Iterable<Stream> | undefined, name: string, data: object): void {
    if (!streams) return;
    const message = `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const stream of streams) write(stream, message);
  }

  private broadcastRaw(message: string): void {
    for (const stream of this.streams.live()) write(stream, message);
  }
}

function write(stream: Stream, message: string): void {
  if (!stream.live || stream.closed) return;
  if (stream.res.writableLength > MAX_BUFFERED_BYTES) {
    stream.res.destroy();
    return;
  }
  stream.res.write(message);
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += IDS_PER_QUERY) out.push(items.slice(i, i + IDS_PER_QUERY));
  return out;
}
