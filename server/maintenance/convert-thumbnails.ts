/**
 * One-off conversion of images stored before sizes existed (a single file under thumbnails/,
 * avatars/, covers/ or defaults/) into the sized sets of server/media/image-keys.ts. Rows keep
 * working meanwhile: the API lists no sizes for them and the SPA falls back to the single URL.
 *
 * Per old key: read the file, store every width under a key derived from the old one's random
 * name, point every row that names the old key at the new one (catalogue rows share files), then
 * delete the old file. Progress lives in the rows themselves, so the work is idempotent and
 * resumes after a kill: a key whose rows were not yet updated is converted again, overwriting
 * the same new files. A plain function over the context, so a background job can run it later.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { and, countDistinct, eq, inArray, notInArray, notLike, type SQL } from 'drizzle-orm';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/client.js';
import { users, videos } from '../db/schema.js';
import { sizedKey, type ImageRole } from '../media/image-keys.js';
import { checkedTopWidth } from '../media/images.js';
import { LEGACY_DEFAULT_KEYS } from '../media/default-images.js';
import { deleteStored, storeImageAs } from '../media/sized-images.js';

export type ConversionContext = Pick<ServerContext, 'db' | 'storage' | 'tmpDir' | 'journal'>;

export interface ConvertOptions {
  /** Old keys read per query; progress is logged after each batch. */
  batchSize: number;
  log: FastifyBaseLogger;
  /** Checked between keys: true stops the run (shutdown); the next run carries on. */
  stopped?: () => boolean;
}

export interface ConvertReport {
  /** Old keys converted (each may stand for many rows). */
  converted: number;
  /** Old keys left as they were: file missing or unreadable (logged). */
  skipped: string[];
}

const COLUMNS = {
  thumbnail: videos.thumbnailKey,
  avatar: users.avatarKey,
  cover: users.coverKey,
} as const;

const ROLES = Object.keys(COLUMNS) as ImageRole[];

function isOld(role: ImageRole, skipped: string[]): SQL {
  const column = COLUMNS[role];
  const condition = notLike(column, '%-sizes/%');
  return skipped.length > 0 ? and(condition, notInArray(column, skipped))! : condition;
}

async function oldKeys(db: Db, role: ImageRole, skipped: string[], limit: number) {
  const column = COLUMNS[role];
  const rows = await db
    .selectDistinct({ key: column })
    .from(role === 'thumbnail' ? videos : users)
    .where(isOld(role, skipped))
    .orderBy(column)
    .limit(limit);
  return rows.map((row) => row.key);
}

async function countOld(db: Db, role: ImageRole): Promise<number> {
  const [row] = await db
    .select({ count: countDistinct(COLUMNS[role]) })
    .from(role === 'thumbnail' ? videos : users)
    .where(isOld(role, []));
  return row?.count ?? 0;
}

/**
 * Rows repointed per statement. Catalogue rows share files (one key can stand for thousands of
 * rows), and one UPDATE over all of them held the embedded database for seconds, so every request
 * waited behind it; in small statements the requests get their turn in between.
 */
const REPOINT_BATCH = 200;

/** Points up to REPOINT_BATCH rows naming `from` at `to`; returns how many rows changed. */
async function repointBatch(db: Db, role: ImageRole, from: string, to: string): Promise<number> {
  if (role === 'thumbnail') {
    const batch = db
      .select({ id: videos.id })
      .from(videos)
      .where(eq(videos.thumbnailKey, from))
      .limit(REPOINT_BATCH);
    const rows = await db
      .update(videos)
      .set({ thumbnailKey: to })
      .where(inArray(videos.id, batch))
      .returning({ id: videos.id });
    return rows.length;
  }
  const batch = db
    .select({ id: users.id })
    .from(users)
    .where(eq(COLUMNS[role], from))
    .limit(REPOINT_BATCH);
  const rows = await db
    .update(users)
    .set(role === 'avatar' ? { avatarKey: to } : { coverKey: to })
    .where(inArray(users.id, batch))
    .returning({ id: users.id });
  return rows.length;
}

/** Points every row naming `from` at `to`; returns how many rows changed. */
async function repoint(db: Db, role: ImageRole, from: string, to: string): Promise<number> {
  let changed = 0;
  for (;;) {
    const batch = await repointBatch(db, role, from, to);
    changed += batch;
    if (batch < REPOINT_BATCH) return changed;
  }
}

/** The old key's random name, reused so a re-run after a kill writes the very same files. */
function baseOf(key: string): string {
  return key.slice(key.indexOf('/') + 1, key.lastIndexOf('.'));
}

/** Converts one old key; false when its file cannot be read (left for an operator). */
async function convertKey(
  ctx: ConversionContext,
  role: ImageRole,
  oldKey: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const sharedDefault = LEGACY_DEFAULT_KEYS[oldKey];
  if (sharedDefault) {
    // The shared default already exists at every width (start-up renders it).
    await repoint(ctx.db, role, oldKey, sharedDefault);
    return true;
  }
  if ((await ctx.storage.size(oldKey)) === null) {
    log.warn({ key: oldKey }, 'images: cannot convert, the file is missing');
    return false;
  }
  const source = path.join(ctx.tmpDir, `convert-${randomBytes(12).toString('hex')}`);
  try {
    await pipeline(ctx.storage.stream(oldKey), createWriteStream(source));
    const top = await checkedTopWidth(source, role, 'image').catch(() => null);
    if (top === null) {
      log.warn({ key: oldKey }, 'images: cannot convert, the file is not a readable image');
      return false;
    }
    const newKey = sizedKey(role, baseOf(oldKey), top);
    await storeImageAs(ctx, source, newKey);
    await ctx.journal.record([oldKey]);
    if ((await repoint(ctx.db, role, oldKey, newKey)) === 0) {
      // Its rows changed meanwhile (deleted, or unpublished under a fresh name): not needed.
      await deleteStored(ctx.storage, newKey);
    } else {
      await ctx.storage.delete(oldKey);
    }
    await ctx.journal.clear([newKey, oldKey]);
    return true;
  } finally {
    await rm(source, { force: true });
  }
}

export async function convertThumbnails(
  ctx: ConversionContext,
  { batchSize, log, stopped = () => false }: ConvertOptions,
): Promise<ConvertReport> {
  const report: ConvertReport = { converted: 0, skipped: [] };
  for (const role of ROLES) {
    const total = await countOld(ctx.db, role);
    if (total === 0) continue;
    log.info({ role, keys: total }, 'images: converting to sized WebP');
    let done = 0;
    for (;;) {
      const batch = await oldKeys(ctx.db, role, report.skipped, batchSize);
      if (batch.length === 0) break;
      for (const key of batch) {
        if (stopped()) return report;
        const converted = await convertKey(ctx, role, key, log).catch((error: unknown) => {
          log.warn({ err: error, key }, 'images: conversion failed');
          return false;
        });
        if (converted) report.converted += 1;
        else report.skipped.push(key);
        done += 1;
      }
      log.info({ role, done, total }, 'images: conversion progress');
    }
  }
  if (report.converted + report.skipped.length > 0) {
    log.info(
      { converted: report.converted, skipped: report.skipped.length },
      'images: conversion finished',
    );
  }
  return report;
}
