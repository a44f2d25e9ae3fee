/**
 * Files and rows can disagree after a crash: a kill between "file stored" and "row inserted"
 * leaves a file no row names, and a kill after a delete's commit but before its files are
 * removed does the same. Those orphans are removed once they are older than `graceMs` (younger
 * ones may belong to an upload about to insert its row). A row whose file is missing cannot be
 * repaired here: it is logged for an operator.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { users, videoProcessing, videos } from '../db/schema.js';
import { processingKeys } from '../services/video-processing.js';
import type { MediaStorage } from '../storage/storage.js';

/** Shared images (default avatar and cover) are referenced implicitly, never by every row. */
const SHARED_FOLDERS = ['defaults/'];

export interface ReconcileReport {
  removedOrphans: string[];
  missingFiles: string[];
}

async function referencedKeys(db: Db): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const row of await db.select({ a: users.avatarKey, b: users.coverKey }).from(users)) {
    keys.add(row.a).add(row.b);
  }
  for (const row of await db.select({ a: videos.videoKey, b: videos.thumbnailKey }).from(videos)) {
    keys.add(row.a).add(row.b);
  }
  const hls = db
    .select({ hlsPrefix: videoProcessing.hlsPrefix, renditions: videoProcessing.renditions })
    .from(videoProcessing);
  for (const row of await hls) for (const key of processingKeys(row)) keys.add(key);
  return keys;
}

export async function reconcileMedia(
  db: Db,
  storage: MediaStorage,
  log: FastifyBaseLogger,
  graceMs: number,
  now = Date.now(),
): Promise<ReconcileReport> {
  const referenced = await referencedKeys(db);
  const report: ReconcileReport = { removedOrphans: [], missingFiles: [] };
  const stored = new Set<string>();
  for await (const object of storage.list()) {
    stored.add(object.key);
    if (referenced.has(object.key)) continue;
    if (SHARED_FOLDERS.some((folder) => object.key.startsWith(folder))) continue;
    if (now - object.modifiedAt.getTime() < graceMs) continue;
    await storage.delete(object.key);
    report.removedOrphans.push(object.key);
  }
  for (const key of referenced) {
    if (!stored.has(key) && !SHARED_FOLDERS.some((folder) => key.startsWith(folder))) {
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
