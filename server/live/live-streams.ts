/**
 * The slots of this process's live-events streams. A slot is taken when `GET /events` is handled
 * and exists exactly as long as its connection: it is freed when the connection closes, whatever
 * the request had reached by then (a tab closed while its session or video was being checked
 * frees its slot at once, and a connection already gone when the handler runs takes none). The
 * caps count slots per user (tabs and devices) and per client address (every user behind it).
 */
import type { ServerResponse } from 'node:http';
import { tooMany } from '../errors.js';

/** Open streams one user may hold (tabs and devices); one more is refused with 429. */
export const MAX_STREAMS_PER_USER = 8;
export const TOO_MANY_STREAMS = 'Too many live connections for this account';
export const TOO_MANY_FROM_ADDRESS = 'Too many live connections from this address';

export interface StreamOwner {
  userId: string;
  /** The session the stream was opened with: it ends when that session does. */
  sessionId: string;
  /** The client's address (X-Forwarded-For only from TRUST_PROXY's proxies). */
  address: string;
}

export interface Stream extends StreamOwner {
  /** The watched video, once the stream is live (null: the bell only). */
  videoId: string | null;
  res: ServerResponse;
  /** Its headers were sent (live-hub.ts `start`): events may be written. */
  live: boolean;
  /** Its connection closed: the slot is free, nothing may be written any more. */
  closed: boolean;
}

export class LiveStreams {
  private readonly byUser = new Map<string, Set<Stream>>();
  private readonly byAddress = new Map<string, Set<Stream>>();
  private readonly byVideo = new Map<string, Set<Stream>>();
  private taken = 0;

  constructor(private readonly perAddress: number) {}

  /** Slots held now (streams, and opens still being checked). */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Opens handled since the start, kept or not (tests wait for aborted opens with it). */
  get opensHandled(): number {
    return this.taken;
  }

  /**
   * A slot for `res`'s connection, or null when the connection is already gone. 429 (in the
   * envelope) past either cap.
   */
  take(owner: StreamOwner, res: ServerResponse): Stream | null {
    this.taken++;
    if (res.destroyed || res.socket?.destroyed !== false) return null;
    if ((this.byUser.get(owner.userId)?.size ?? 0) >= MAX_STREAMS_PER_USER) {
      throw tooMany(TOO_MANY_STREAMS);
    }
    if ((this.byAddress.get(owner.address)?.size ?? 0) >= this.perAddress) {
      throw tooMany(TOO_MANY_FROM_ADDRESS);
    }
    const stream: Stream = { ...owner, videoId: null, res, live: false, closed: false };
    addTo(this.byUser, owner.userId, stream);
    addTo(this.byAddress, owner.address, stream);
    res.once('close', () => this.free(stream));
    return stream;
  }

  /** The stream's headers were sent: it receives its user's events, and `videoId`'s comments. */
  start(stream: Stream, videoId: string | null): void {
    if (stream.closed) return;
    stream.live = true;
    stream.videoId = videoId;
    if (videoId) addTo(this.byVideo, videoId, stream);
  }

  /** Frees the slot (once; later calls do nothing). */
  free(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    removeFrom(this.byUser, stream.userId, stream);
    removeFrom(this.byAddress, stream.address, stream);
    if (stream.videoId) removeFrom(this.byVideo, stream.videoId, stream);
  }

  ofUser(userId: string): ReadonlySet<Stream> | undefined {
    return this.byUser.get(userId);
  }

  watching(videoId: string): ReadonlySet<Stream> | undefined {
    return this.byVideo.get(videoId);
  }

  users(): string[] {
    return [...this.byUser.keys()];
  }

  videos(): string[] {
    return [...this.byVideo.keys()];
  }

  /** Every started stream (a copy: ending one while iterating is safe). */
  live(): Stream[] {
    const out: Stream[] = [];
    for (const set of this.byUser.values()) for (const s of set) if (s.live) out.push(s);
    return out;
  }
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
