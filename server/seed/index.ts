/**
 * Demo content on first start with an empty database (SEED_DEMO): channels with avatars and
 * covers, real short videos with thumbnails, comments, likes, subscriptions, history, tag
 * scores, tweets and playlists, so a newcomer sees a living site.
 *
 * Runs only when the users table is empty. Media files are made first (in a temp folder, two
 * ffmpeg processes at a time for a 2-core machine), then every row goes in ONE transaction, so a
 * crash leaves either nothing or everything. The demo userNames are unique, so two replicas
 * racing on a fresh PostgreSQL cannot both succeed: the loser rolls back and removes its files.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import {
  comments,
  likes,
  playlists,
  playlistVideos,
  subscriptions,
  tweets,
  userTagScores,
  users,
  videos,
  videoViews,
  watchHistory,
} from '../db/schema.js';
import type { ServerContext } from '../context.js';
import { storedKeysOf } from '../media/image-keys.js';
import { storeImageAs } from '../media/sized-images.js';
import { DEMO_CHANNELS, DEMO_PASSWORD } from './demo-data.js';
import { buildDemoPlan, type DemoPlan } from './demo-plan.js';
import { buildSocialPlan, type SocialPlan } from './demo-social.js';
import { buildViewHistory, type ViewBatch } from './demo-view-history.js';
import { readMarker, writeMarker } from './marker.js';
import { avatarSvg, coverSvg, makeImage, makeVideoAndThumbnail, probeDuration } from './media.js';
import { demoMediaCacheFor } from './demo-media-cache.js';
import { runLimited } from './pool.js';
import { createRng } from './random.js';
import { addViewHistory } from './view-history-rows.js';

/** ffmpeg jobs at once: one per core on the 2-core reference machine. */
const MEDIA_CONCURRENCY = 2;
/** Rows per INSERT statement (keeps every statement well under PostgreSQL's parameter limit). */
const INSERT_BATCH = 500;

export interface SeedLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface SeedResult {
  seeded: boolean;
  users: number;
  videos: number;
  ms: number;
}

async function hasUsers(db: Db): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(users)
    .limit(1);
  return rows.length > 0;
}

/** The sign-in lines printed at start: all three login fields, as the SPA asks for them. */
function demoCredentialLines(): string[] {
  return DEMO_CHANNELS.map(
    (c) => `demo account: userName=${c.userName} email=${c.email} password=${DEMO_PASSWORD}`,
  );
}

function toSeedLog(log: FastifyBaseLogger | SeedLog): SeedLog {
  return { info: (m) => log.info(m), warn: (m) => log.warn(m) };
}

/**
 * Called by server/main.ts when SEED_DEMO is on, and before it by the first start's child
 * (first-start-child.ts), which passes `printAccounts: false`: the server that starts next prints
 * the accounts of the finished seed, so a start prints them once.
 */
export async function seedDemoIfEmpty(
  ctx: ServerContext,
  log: FastifyBaseLogger | SeedLog,
  { printAccounts = true }: { printAccounts?: boolean } = {},
): Promise<SeedResult> {
  const out = toSeedLog(log);
  const started = performance.now();
  if (await hasUsers(ctx.db)) {
    const marker = await readMarker(ctx.config.dataDir);
    if (printAccounts && marker?.state === 'done') {
      for (const line of demoCredentialLines()) out.info(line);
    }
    return { seeded: false, users: 0, videos: 0, ms: performance.now() - started };
  }
  out.info('empty database: creating demo content (channels, videos, comments, likes)');
  const plan = await createDemoContent(ctx, out);
  const ms = performance.now() - started;
  out.info(
    `demo content ready in ${seconds(ms)} s: ${plan.users.length} channels, ${plan.videos.length} videos, ${plan.comments.length} comments`,
  );
  if (printAccounts) for (const line of demoCredentialLines()) out.info(line);
  return { seeded: true, users: plan.users.length, videos: plan.videos.length, ms };
}

async function createDemoContent(ctx: ServerContext, log: SeedLog): Promise<DemoPlan> {
  const { dataDir } = ctx.config;
  const previous = await readMarker(dataDir);
  if (previous?.state === 'in-progress') {
    log.warn('an earlier demo seed did not finish: removing its files and starting again');
    await Promise.all(previous.keys.map((key) => ctx.storage.delete(key)));
  }

  // Hashing runs beside the ffmpeg jobs (argon2 works on libuv's thread pool).
  const hashes = Promise.all(DEMO_CHANNELS.map(() => hashPassword(DEMO_PASSWORD)));
  const plan = buildDemoPlan({
    rng: createRng(20_26),
    now: new Date(),
    newId,
  });
  const imageKeys = [
    ...plan.channelMedia.flatMap((c) => [c.avatarKey, c.coverKey]),
    ...plan.videoMedia.map((v) => v.thumbnailKey),
  ];
  const keys = [...imageKeys, ...plan.videoMedia.map((v) => v.videoKey)].flatMap(storedKeysOf);
  const startedAt = new Date().toISOString();
  await writeMarker(dataDir, { state: 'in-progress', startedAt, keys });

  const workDir = path.join(dataDir, 'tmp', `demo-seed-${randomBytes(6).toString('hex')}`);
  await mkdir(workDir, { recursive: true });
  try {
    const mediaStarted = performance.now();
    await makeMedia(ctx, plan, workDir);
    const passwordHashes = await hashes;
    const insertStarted = performance.now();
    plan.users.forEach((user, i) => {
      const hash = passwordHashes[i];
      if (!hash) throw new Error('missing demo password hash');
      user.passwordHash = hash;
    });
    const social = buildSocialPlan({ rng: createRng(20_268), now: new Date(), newId, plan });
    await insertPlan(ctx.db, plan, social, demoViewHistory(plan));
    // The images were recorded in the media journal as they were stored; rows name them now.
    await ctx.journal.clear(imageKeys);
    log.info(
      `demo media made in ${seconds(insertStarted - mediaStarted)} s, rows inserted in ${seconds(performance.now() - insertStarted)} s`,
    );
  } catch (error) {
    await Promise.all(keys.map((key) => ctx.storage.delete(key)));
    await ctx.journal.clear(imageKeys);
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  await writeMarker(dataDir, {
    state: 'done',
    startedAt,
    finishedAt: new Date().toISOString(),
    keys,
  });
  return plan;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

async function makeMedia(ctx: ServerContext, plan: DemoPlan, workDir: string): Promise<void> {
  const durations = new Map<string, number>();
  const cache = demoMediaCacheFor(ctx.config);
  // Videos first (the slow part), images afterwards on the same two slots.
  type Job = () => Promise<void>;
  const jobs: Job[] = [
    ...plan.videoMedia.map((media) => async () => {
      const videoPath = path.join(workDir, `${media.videoId}.mp4`);
      const framePath = path.join(workDir, `${media.videoId}.jpg`);
      await makeVideoAndThumbnail(media.look, videoPath, framePath, cache);
      durations.set(media.videoId, await probeDuration(videoPath));
      await ctx.storage.put(media.videoKey, videoPath, 'video/mp4');
      await storeImageAs(ctx, framePath, media.thumbnailKey);
    }),
    ...plan.channelMedia.map((media) => async () => {
      const { fullName, color, accent } = media.channel;
      const avatarPath = path.join(workDir, `${media.userId}-avatar.png`);
      const coverPath = path.join(workDir, `${media.userId}-cover.png`);
      await makeImage(avatarSvg(fullName, color, accent), avatarPath);
      await makeImage(coverSvg(fullName, color, accent), coverPath);
      await storeImageAs(ctx, avatarPath, media.avatarKey);
      await storeImageAs(ctx, coverPath, media.coverKey);
    }),
  ];
  await runLimited(jobs, MEDIA_CONCURRENCY, (job) => job());
  for (const video of plan.videos) {
    const duration = durations.get(video.id);
    if (duration === undefined) throw new Error(`no duration for demo video ${video.id}`);
    video.duration = duration;
  }
}

async function insertBatched<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) await insert(rows.slice(i, i + INSERT_BATCH));
}

/** Times for the views the plan's counters hold beyond its video_views rows (the chart's shape). */
function demoViewHistory(plan: DemoPlan): ViewBatch[] {
  const timed = new Map<string, number>();
  for (const view of plan.views) timed.set(view.videoId, (timed.get(view.videoId) ?? 0) + 1);
  const now = new Date();
  return buildViewHistory(
    createRng(20_269),
    now,
    plan.videos.map((v) => ({
      id: v.id,
      createdAt: v.createdAt ?? now,
      views: (v.views ?? 0) - (timed.get(v.id) ?? 0),
    })),
  );
}

async function insertPlan(
  db: Db,
  plan: DemoPlan,
  social: SocialPlan,
  viewHistory: ViewBatch[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await insertBatched(plan.users, (b) => tx.insert(users).values(b));
    await insertBatched(plan.videos, (b) => tx.insert(videos).values(b));
    await insertBatched(plan.comments, (b) => tx.insert(comments).values(b));
    await insertBatched(plan.likes, (b) => tx.insert(likes).values(b));
    await insertBatched(plan.subscriptions, (b) => tx.insert(subscriptions).values(b));
    await insertBatched(plan.history, (b) => tx.insert(watchHistory).values(b));
    await insertBatched(plan.views, (b) => tx.insert(videoViews).values(b));
    await addViewHistory(tx, viewHistory);
    await insertBatched(plan.tagScores, (b) => tx.insert(userTagScores).values(b));
    await insertBatched(social.tweets, (b) => tx.insert(tweets).values(b));
    await insertBatched(social.tweetLikes, (b) => tx.insert(likes).values(b));
    await insertBatched(social.playlists, (b) => tx.insert(playlists).values(b));
    // In order: the identity position records the order of adding.
    await insertBatched(social.playlistEntries, (b) => tx.insert(playlistVideos).values(b));
  });
}
