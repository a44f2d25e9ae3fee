/**
 * Where media files live. The local-disk implementation is the default; an S3-compatible store can
 * implement the same interface (put from a finished temp file, stream, delete, public URL).
 */
import type { Readable } from 'node:stream';

export interface MediaStorage {
  /** Moves a complete, validated local file into storage under `key`. The source is consumed. */
  put(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** Streams a stored object (whole or a byte range, inclusive `end`). */
  stream(key: string, range?: { start: number; end: number }): Readable;
  /** Size in bytes, or null when the object does not exist. */
  size(key: string): Promise<number | null>;
  /** Stores the object `fromKey` also under `toKey` (the source stays). */
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Deletes an object; deleting a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Absolute URL for clients, given the origin to build it from. */
  url(key: string, origin: string): string;
  /** Every stored object with its last change, for reconciliation against the database. */
  list(): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** URL path prefix under which media is served. */
export const MEDIA_PREFIX = '/media/';
