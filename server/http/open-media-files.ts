/**
 * Media files held open for a few seconds, so that a player's many ranges of one file cost one
 * stat each instead of an open, a stat and a close (issue 35: serving random 1 MB ranges spent a
 * quarter of the server's CPU on those three calls). Reads are positional (pread), so one handle
 * serves any number of responses at once.
 *
 * Every request still asks the file system whether the name is there and is the same file (a
 * stat of the path: device and inode), so a file deleted or moved away (unpublishing moves it to
 * a fresh name) is refused at once, as without the handles. Only names that never change are
 * kept (media-types.ts: everything but HLS playlists, rewritten as renditions land). A handle
 * serves new responses for KEEP_MS after it was opened and closes when its last one is done; at
 * most LIMIT are open.
 */
import { open, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { cacheControlOf, IMMUTABLE } from './media-types.js';

/** How long a handle is used after it was opened. */
export const KEEP_MS = 5_000;
/** Open handles kept at most; past it, a file is opened for its one response. */
const LIMIT = 256;

/** An open media file and what a response needs to know of it. */
export interface MediaFile {
  handle: FileHandle;
  size: number;
  mtimeMs: number;
  mtime: Date;
  /** Which file it is (a name moved away and another put there is another file). */
  ino: number;
  dev: number;
}

interface Kept extends MediaFile {
  openedAt: number;
  /** Responses still reading from it. */
  users: number;
  /** Past its time: no new response gets it; it closes when its last user is done. */
  retired: boolean;
  closed: boolean;
}

/** A file for one response; `release()` when the response is done with it. */
export interface MediaLease {
  file: MediaFile;
  release(): Promise<void>;
}

export class OpenMediaFiles {
  readonly #root: string;
  readonly #now: () => number;
  readonly #kept = new Map<string, Kept>();
  /** Opens under way, so that simultaneous ranges of one file open it once. */
  readonly #opening = new Map<string, Promise<Kept | null>>();

  constructor(root: string, now: () => number = Date.now) {
    this.#root = root;
    this.#now = now;
  }

  /** The file under `key` (already checked as a safe name), or null when it is not a file. */
  async lease(key: string): Promise<MediaLease | null> {
    if (cacheControlOf(key) !== IMMUTABLE) return this.#single(key);
    let kept = this.#kept.get(key);
    if (kept && (this.#expired(kept) || !(await this.#stillThere(key, kept)))) {
      void this.#retire(key, kept);
      kept = undefined;
    }
    if (!kept) {
      let opening = this.#opening.get(key);
      if (!opening) {
        if (this.#kept.size + this.#opening.size >= LIMIT) return this.#single(key);
        opening = this.#openKept(key).finally(() => this.#opening.delete(key));
        this.#opening.set(key, opening);
      }
      kept = (await opening) ?? undefined;
      if (!kept) return null;
    }
    // Retired while this request awaited (the stat above, or the open): its time ran out and it
    // may be closed already. A closed handle would fail the read after the status line was set,
    // and the response would be dropped before a byte (a page lost two thumbnails that way).
    if (kept.retired) return this.#single(key);
    const lent = kept;
    lent.users += 1;
    let released = false;
    return {
      file: lent,
      release: async () => {
        if (released) return;
        released = true;
        lent.users -= 1;
        if (this.#expired(lent)) await this.#retire(key, lent);
        await this.#closeIfDone(lent);
      },
    };
  }

  /** Closes every handle no response is using, and the rest as their responses end (shutdown). */
  async closeAll(): Promise<void> {
    await Promise.all(this.#opening.values());
    const all = [...this.#kept];
    await Promise.all(all.map(([key, kept]) => this.#retire(key, kept)));
  }

  /** Handles held for later responses (for tests). */
  get size(): number {
    return this.#kept.size;
  }

  /** Whether `key` still names the file `kept` holds: one stat of the path, not an open. */
  async #stillThere(key: string, kept: Kept): Promise<boolean> {
    const now = await stat(path.join(this.#root, key)).catch(() => null);
    return now !== null && now.ino === kept.ino && now.dev === kept.dev;
  }

  #expired(kept: Kept): boolean {
    return this.#now() - kept.openedAt >= KEEP_MS;
  }

  #retire(key: string, kept: Kept): Promise<void> {
    if (this.#kept.get(key) === kept) this.#kept.delete(key);
    kept.retired = true;
    return this.#closeIfDone(kept);
  }

  async #closeIfDone(kept: Kept): Promise<void> {
    if (!kept.retired || kept.users > 0 || kept.closed) return;
    kept.closed = true;
    await kept.handle.close();
  }

  async #openKept(key: string): Promise<Kept | null> {
    const file = await openFile(path.join(this.#root, key));
    if (!file) return null;
    const kept: Kept = { ...file, openedAt: this.#now(), users: 0, retired: false, closed: false };
    this.#kept.set(key, kept);
    // A handle nobody asks for again closes when its time is up, not at the next request.
    setTimeout(() => void this.#retire(key, kept), KEEP_MS).unref();
    return kept;
  }

  async #single(key: string): Promise<MediaLease | null> {
    const file = await openFile(path.join(this.#root, key));
    if (!file) return null;
    let released = false;
    return {
      file,
      release: async () => {
        if (released) return;
        released = true;
        await file.handle.close();
      },
    };
  }
}

/** The regular file at `file`, open for reading with its size and time, or null. */
async function openFile(file: string): Promise<MediaFile | null> {
  const handle = await open(file).catch(() => null);
  if (!handle) return null;
  try {
    const stats = await handle.stat();
    if (stats.isFile())
      return {
        handle,
        size: stats.size,
        mtimeMs: stats.mtimeMs,
        mtime: stats.mtime,
        ino: stats.ino,
        dev: stats.dev,
      };
  } catch {
    /* closed below */
  }
  await handle.close();
  return null;
}
