/**
 * Resumable uploads live in DATA_DIR/uploads (outside tmp/, so they survive a restart), or with
 * S3_BUCKET in the database and the bucket (uploads/bucket-upload-store.http.ts). One that received
 * no byte for `expiryMs` was abandoned (a tab closed for good, a client gone): its data file and
 * its `.json` info file are removed, or its row and its chunks. Activity, not age, decides, so a slow upload that
 * keeps sending is never cut off, and one that was paused for an hour still resumes.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { resumableUploads } from '../db/schema.js';
import type { MediaStorage } from '../storage/storage.js';

export async function expireUploads(
  dir: string,
  expiryMs: number,
  now = Date.now(),
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0; // no resumable upload yet
  }
  // An upload is `<id>` (its bytes) and `<id>.json` (its length, offset and metadata).
  const lastActivity = new Map<string, number>();
  for (const name of names) {
    const id = name.replace(/\.json$/, '');
    try {
      const { mtimeMs } = await stat(path.join(dir, name));
      lastActivity.set(id, Math.max(lastActivity.get(id) ?? 0, mtimeMs));
    } catch {
      // finished or removed meanwhile
    }
  }
  let removed = 0;
  for (const [id, mtimeMs] of lastActivity) {
    if (now - mtimeMs < expiryMs) continue;
    await rm(path.join(dir, id), { force: true });
    await rm(path.join(dir, `${id}.json`), { force: true });
    removed += 1;
  }
  return removed;
}

/** The same for uploads kept in the database and the bucket: the row first, then its chunks. */
export async function expireBucketUploads(
  db: Db,
  storage: MediaStorage,
  expiryMs: number,
): Promise<number> {
  const expired = await db
    .delete(resumableUploads)
    .where(lt(resumableUploads.updatedAt, sql`now() - make_interval(secs => ${expiryMs / 1000})`))
    .returning({ chunkKeys: resumableUploads.chunkKeys });
  // A chunk a crash leaves here is named by no row any more: the reconciliation removes it.
  for (const row of expired) await Promise.all(row.chunkKeys.map((key) => storage.delete(key)));
  return expired.length;
}
