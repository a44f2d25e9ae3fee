/**
 * A video's captions (contract/captions.ts): list for whoever may see the video, store and
 * remove for its owner. A file is checked and converted first (caption-format.ts); only a valid
 * file reaches the storage, under a fresh key recorded in the media journal until its row
 * commits, so a crash leaves no file that maintenance would not remove. A replaced or removed
 * file goes after the commit (a reader between the two still gets the old file).
 */
import { readFile, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  CAPTION_LIMITS,
  canonicalLanguage,
  languageLabel,
  type Caption,
} from '../../contract/captions.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { videoCaptions, videos } from '../db/schema.js';
import { fieldRefusal, notFound } from '../errors.js';
import type { MediaUrls } from '../media/media-urls.js';
import { API_PREFIX } from '../../contract/limits.js';
import type { ReceivedFile } from '../media/received-file.js';
import { VIDEO_NOT_FOUND, reachableBy } from '../videos/index.js';
import { CaptionProblem, parseCaptions, toWebVtt } from './caption-format.js';

export const CAPTION_NOT_FOUND = 'Captions not found';

type CaptionRow = typeof videoCaptions.$inferSelect;

/** The file's own route (contract/captions.ts): same origin as the page, local or S3 storage. */
const captionUrl = (row: CaptionRow, urls: MediaUrls) =>
  `${urls.origin}${API_PREFIX}/videos/${encodeURIComponent(row.videoId)}/captions/` +
  `${row.language}/${path.posix.basename(row.storageKey)}`;

const toCaption = (row: CaptionRow, urls: MediaUrls): Caption => ({
  language: row.language,
  label: row.label,
  url: captionUrl(row, urls),
  cueCount: row.cueCount,
  updatedAt: row.updatedAt.toISOString(),
});

/** The captions of a video `viewerId` may see (null: a visitor); 404 otherwise. */
export async function listCaptions(
  db: Db,
  videoId: string,
  viewerId: string | null,
  urls: MediaUrls,
): Promise<Caption[]> {
  const [video] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, videoId), reachableBy(viewerId)));
  if (!video) throw notFound(VIDEO_NOT_FOUND);
  const rows = await db
    .select()
    .from(videoCaptions)
    .where(eq(videoCaptions.videoId, videoId))
    .orderBy(asc(videoCaptions.label), asc(videoCaptions.language));
  return rows.map((row) => toCaption(row, urls));
}

/**
 * The storage key of a caption file `viewerId` may read (null: a visitor): the video's current
 * file in that language, of a video the viewer may open; a 404 otherwise (a replaced file too).
 */
export async function captionFileKey(
  db: Db,
  { videoId, language, file }: { videoId: string; language: string; file: string },
  viewerId: string | null,
): Promise<string> {
  const key = `captions/${file}`;
  const [row] = await db
    .select({ key: videoCaptions.storageKey })
    .from(videoCaptions)
    .innerJoin(videos, eq(videos.id, videoCaptions.videoId))
    .where(
      and(
        eq(videoCaptions.videoId, videoId),
        eq(videoCaptions.language, canonicalLanguage(language)),
        eq(videoCaptions.storageKey, key),
        reachableBy(viewerId),
      ),
    );
  if (!row) throw notFound(CAPTION_NOT_FOUND);
  return row.key;
}

async function assertOwnVideo(db: Db, videoId: string, callerId: string) {
  const [video] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.ownerId, callerId)));
  // Someone else's video answers as a missing one: its existence is not the caller's business.
  if (!video) throw notFound(VIDEO_NOT_FOUND);
}

/** The file as WebVTT with its cue count, or a 400 naming what is wrong. */
async function convert(file: ReceivedFile) {
  try {
    const cues = parseCaptions(await readFile(file.path));
    return { vtt: toWebVtt(cues), cueCount: cues.length };
  } catch (error) {
    if (error instanceof CaptionProblem) throw fieldRefusal('invalid', 'file', error.message);
    throw error;
  }
}

export interface CaptionUpload {
  videoId: string;
  language: string;
  label?: string;
  file: ReceivedFile;
}

export async function putCaption(
  ctx: Pick<ServerContext, 'db' | 'storage' | 'journal' | 'tmpDir'>,
  callerId: string,
  upload: CaptionUpload,
  urls: MediaUrls,
): Promise<Caption> {
  const { db, storage, journal } = ctx;
  const language = canonicalLanguage(upload.language);
  await assertOwnVideo(db, upload.videoId, callerId);
  const { vtt, cueCount } = await convert(upload.file);
  const key = `captions/${newId()}.vtt`;
  const tmp = path.join(ctx.tmpDir, `caption-${newId()}.vtt`);
  await writeFile(tmp, vtt);
  await journal.record([key]);
  let previous: string | undefined;
  let row: CaptionRow;
  try {
    await storage.put(key, tmp, 'text/vtt; charset=utf-8');
    row = await db.transaction(async (tx) => {
      // The video's row orders concurrent uploads, so the language limit holds.
      const [locked] = await tx
        .select({ id: videos.id })
        .from(videos)
        .where(and(eq(videos.id, upload.videoId), eq(videos.ownerId, callerId)))
        .for('update');
      if (!locked) throw notFound(VIDEO_NOT_FOUND);
      const [existing] = await tx
        .select({ key: videoCaptions.storageKey, label: videoCaptions.label })
        .from(videoCaptions)
        .where(
          and(eq(videoCaptions.videoId, upload.videoId), eq(videoCaptions.language, language)),
        );
      if (!existing) {
        const [counted] = await tx
          .select({ n: count() })
          .from(videoCaptions)
          .where(eq(videoCaptions.videoId, upload.videoId));
        if ((counted?.n ?? 0) >= CAPTION_LIMITS.languagesPerVideo) {
          throw fieldRefusal(
            'invalid',
            'language',
            `A video can have captions in at most ${CAPTION_LIMITS.languagesPerVideo} languages`,
          );
        }
      }
      previous = existing?.key;
      const label = upload.label?.trim() || existing?.label || languageLabel(language);
      const [saved] = await tx
        .insert(videoCaptions)
        .values({ videoId: upload.videoId, language, label, storageKey: key, cueCount })
        .onConflictDoUpdate({
          target: [videoCaptions.videoId, videoCaptions.language],
          set: { label, storageKey: key, cueCount, updatedAt: sql`now()` },
        })
        .returning();
      if (!saved) throw new Error('caption upsert returned no row');
      return saved;
    });
  } catch (error) {
    await storage.delete(key);
    await journal.clear([key]);
    throw error;
  } finally {
    await rm(tmp, { force: true });
  }
  if (previous) {
    await journal.record([previous]);
    await storage.delete(previous);
    await journal.clear([previous]);
  }
  await journal.clear([key]);
  return toCaption(row, urls);
}

export async function deleteCaption(
  ctx: Pick<ServerContext, 'db' | 'storage' | 'journal'>,
  callerId: string,
  videoId: string,
  language: string,
): Promise<void> {
  const { db, storage, journal } = ctx;
  await assertOwnVideo(db, videoId, callerId);
  const where = and(
    eq(videoCaptions.videoId, videoId),
    eq(videoCaptions.language, canonicalLanguage(language)),
  );
  const [row] = await db.select({ key: videoCaptions.storageKey }).from(videoCaptions).where(where);
  if (!row) throw notFound(CAPTION_NOT_FOUND);
  await journal.record([row.key]);
  const deleted = await db
    .delete(videoCaptions)
    .where(and(where, eq(videoCaptions.storageKey, row.key)))
    .returning({ key: videoCaptions.storageKey });
  if (deleted.length === 0) {
    await journal.clear([row.key]);
    throw notFound(CAPTION_NOT_FOUND);
  }
  await storage.delete(row.key);
  await journal.clear([row.key]);
}
