/**
 * Files and rows can disagree after a crash: a kill between "file stored" and "row inserted"
 * leaves a file no row names, and a kill after a delete's commit but before its files are
 * removed does the same.
 * - At start, the media journal (storage/media-journal.ts) names the keys of the work this
 *   server's earlier runs left unfinished: each such file that no row names is removed at once.
 * - Any other file no row names is removed once older than `graceMs` (a younger one may belong
 *   to an upload of another process about to insert its row).
 * A row whose file is missing cannot be repaired here: it is logged for an operator. An image key
 * stands for every width stored under it (server/media/image-keys.ts), so all of them count as
 * referenced; a video's HLS files are referenced once their rendition is recorded.
 */
import type { FastifyBaseLogger } from 'fastify';
import { gt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { resumableUploads, users, videoCaptions, videoProcessing, videos } from '../db/schema.js';
import { storedKeysOf } from '../media/image-keys.js';
import { isDefaultImageKey } from '../media/default-images.js';
import type { MediaJournal } from '../storage/media-journal.js';
import { processingKeys } from '../processing/index.js';
import type { MediaStorage } from '../storage/storage.js';

export interface ReconcileReport {
  removedOrphans: string[];
  missingFiles: string[];
}

export interface ReconcileOptions {
  /** Whose interrupted work to settle at once (at start), and whose stale entries to drop. */
  journal?: MediaJournal;
  /** The start-up pass: the journal's entries of earlier runs are settled now. */
  atStart?: boolean;
  now?: number;
  /** Rows per read of the tables that grow with the catalogue (KEY_BATCH; tests make it small). */
  keyBatch?: number;
}

/**
 * Rows read per statement where a table grows with the catalogue. Read whole, the videos' keys at
 * 1 000 000 videos were a million row objects at once: the heap grew by about 470 MB at every
 * pass (at start and hourly), and collecting it slowed the first minute of requests after a start.
 * Rows inserted between two reads name files younger than the grace period, which are kept anyway.
 */
export const KEY_BATCH = 10_000;

/**
 * Each row `read` returns, `batch` at a time in id order (keyset paging: each read starts past the
 * last id seen), passed to `each`.
 */
async function inBatches<Row extends { id: string }>(
  read: (after: string | undefined, limit: number) => Promise<Row[]>,
  each: (row: Row) => void,
  batch: number,
): Promise<void> {
  let after: string | undefined;
  for (;;) {
    const rows = await read(after, batch);
    rows.forEach(each);
    if (rows.length < batch) return;
    after = rows[rows.length - 1]?.id;
  }
}

/**
 * Every stored file a row names (each width of an image key, each HLS file of a rendition, each
 * chunk of a resumable upload).
 */
export async function referencedKeys(db: Db, batch = KEY_BATCH): Promise<Set<string>> {
  const keys = new Set<string>();
  const add = (key: string) => storedKeysOf(key).forEach((stored) => keys.add(stored));
  for (const row of await db.select({ a: users.avatarKey, b: users.coverKey }).from(users)) {
    add(row.a);
    add(row.b);
  }
  const pastId = (id: typeof videos.id | typeof videoProcessing.videoId, after?: string) =>
    after === undefined ? undefined : gt(id, after);
  await inBatches(
    (after, limit) =>
      db
        .select({ id: videos.id, video: videos.videoKey, thumbnail: videos.thumbnailKey })
        .from(videos)
        .where(pastId(videos.id, after))
        .orderBy(videos.id)
        .limit(limit),
    (row) => {
      add(row.video);
      add(row.thumbnail);
    },
    batch,
  );
  // Caption files (issue 34, captions/captions.ts).
  for (const row of await db.select({ key: videoCaptions.storageKey }).from(videoCaptions)) {
    keys.add(row.key);
  }
  await inBatches(
    (after, limit) =>
      db
        .select({
          id: videoProcessing.videoId,
          hlsPrefix: videoProcessing.hlsPrefix,
          renditions: videoProcessing.renditions,
          previews: videoProcessing.previews, // issue 34: seek previews are the row's files too
        })
        .from(videoProcessing)
        .where(pastId(videoProcessing.videoId, after))
        .orderBy(videoProcessing.videoId)
        .limit(limit),
    (row) => processingKeys(row).forEach((key) => keys.add(key)),
    batch,
  );
  // The chunks of resumable uploads kept in the bucket (uploads/bucket-upload-store.http.ts).
  const chunks = db.select({ keys: resumableUploads.chunkKeys }).from(resumableUploads);
  for (const row of await chunks) for (const key of row.keys) keys.add(key);
  return keys;
}

export async function reconcileMedia(
  db: Db,
  storage: MediaStorage,
  log: FastifyBaseLogger,
  graceMs: number,
  { journal, atStart = false, now = Date.now(), keyBatch = KEY_BATCH }: ReconcileOptions = {},
): Promise<ReconcileReport> {
  // The journal first: a key recorded after the rows were read may name a file they do not.
  const interrupted = atStart && journal ? await journal.interrupted() : [];
  const stale = journal ? await journal.stale(graceMs) : [];
  const referenced = await referencedKeys(db, keyBatch);
  const named = (key: string) => referenced.has(key) || isDefaultImageKey(key);
  const interruptedFiles = new Set(interrupted.flatMap(storedKeysOf).filter((k) => !named(k)));

  const report: ReconcileReport = { removedOrphans: [], missingFiles: [] };
  const stored = new Set<string>();
  for await (const object of storage.list()) {
    stored.add(object.key);
    if (named(object.key)) continue;
    const young = now - object.modifiedAt.getTime() < graceMs;
    if (young && !interruptedFiles.has(object.key)) continue;
    await storage.delete(object.key);
    stored.delete(object.key);
    report.removedOrphans.push(object.key);
  }
  if (journal) {
    await journal.forgetInterrupted(interrupted);
    // Stale entries whose files are settled (named, or gone); a young unnamed file keeps its own.
    const settled = (key: string) =>
      storedKeysOf(key).every((file) => named(file) || !stored.has(file));
    await journal.forgetStale(stale.filter(settled), graceMs);
  }
  for (const key of referenced) {
    if (!stored.has(key) && !isDefaultImageKey(key)) {
      report.missingFiles.push(key);
    }
  }
  if (report.removedOrphans.length > 0) {
    log.info({ keys: report.removedOrphans }, 'media: removed files no row references');
  }
  if (report.missingFiles.length > 0) {
    log.warn({ keys: report.missingFiles }, 'media: rows reference files that are missing');
  }
  return report;
}
