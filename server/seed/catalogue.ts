/**
 * Synthetic catalogue rows for benchmarks (`npm run seed -- --videos N`): realistic random titles,
 * descriptions, tags, owners and dates, all pointing at a few shared media files, inserted in
 * multi-row batches so 100 000 rows take seconds, not minutes.
 *
 * Shared files mean deleting one synthetic video removes a file others point at: this data is for
 * measuring lists and search, not for editing.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { newId } from '../db/ids.js';
import { users, videos } from '../db/schema.js';
import type { ServerContext } from '../context.js';
import { sizedKey } from '../media/image-keys.js';
import { storeImageAs } from '../media/sized-images.js';
import type { SeedLog } from './index.js';
import {
  DEMO_IMAGE_TOPS,
  makeVideoAndThumbnail,
  probeDuration,
  type PatternKind,
} from './media.js';
import { demoMediaCacheFor } from './demo-media-cache.js';
import { runLimited } from './pool.js';
import { createRng, type Rng } from './random.js';

/** Rows per INSERT: ~13 parameters each, far below PostgreSQL's 65 535-parameter limit. */
const BATCH = 1000;
const YEAR = 365 * 24 * 3600_000;

/** Subjects per tag; a title is a subject in a format, so titles repeat words the way real ones do. */
const CATALOGUE_TOPICS: Readonly<Record<string, readonly string[]>> = {
  music: ['lo-fi beat', 'piano cover', 'synth jam', 'guitar riff', 'drum groove', 'jazz chords'],
  cooking: ['sourdough bread', 'ramen broth', 'chickpea curry', 'fresh pasta', 'tacos', 'pancakes'],
  travel: [
    'night train',
    'Lisbon',
    'Kyoto temples',
    'Iceland road trip',
    'island ferry',
    'Alps hike',
  ],
  coding: ['TypeScript', 'Rust', 'SQL indexes', 'React hooks', 'Linux shell', 'unit tests'],
  gaming: [
    'speedrun',
    'indie platformer',
    'retro console',
    'boss fight',
    'open world',
    'puzzle game',
  ],
  nature: ['tide pools', 'birdsong', 'forest walk', 'thunderstorm', 'wild flowers', 'night sky'],
  science: ['black holes', 'crystals', 'electricity', 'chemistry', 'the moon', 'sound waves'],
  fitness: ['mobility', 'push-ups', 'trail running', 'core workout', 'stretching', 'kettlebells'],
};
export const CATALOGUE_TAGS = Object.keys(CATALOGUE_TOPICS);

const FORMATS: readonly ((topic: string, n: number) => string)[] = [
  (t, n) => `${cap(t)} in ${n} minutes`,
  (t) => `How I learned ${t}`,
  (t) => `${cap(t)}: a beginner's guide`,
  (t) => `The perfect ${t}`,
  (t) => `${cap(t)} tips nobody tells you`,
  (t, n) => `Trying ${t} for ${n} days`,
  (t) => `Why ${t} is better than you think`,
  (t, n) => `${cap(t)} vlog #${n}`,
  (t) => `Relaxing ${t} (no talking)`,
  (t, n) => `${n} mistakes everyone makes with ${t}`,
];

const OPENERS = [
  'In this video I walk through',
  'A short, honest look at',
  'Everything I wish I had known about',
  'Come along while I try',
  'A calm, step-by-step introduction to',
];
const CLOSERS = [
  'Leave a comment with what you would like to see next.',
  'Thanks for watching, and see you in the next one.',
  'Links and notes are in the comments.',
  'Filmed on a budget camera in one afternoon.',
];

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

interface MediaRef {
  videoKey: string;
  thumbnailKey: string;
  duration: number;
}

function syntheticVideo(
  rng: Rng,
  now: number,
  ownerIds: readonly string[],
  media: readonly MediaRef[],
): typeof videos.$inferInsert {
  const tag = rng.pick(CATALOGUE_TAGS);
  const topic = rng.pick(CATALOGUE_TOPICS[tag] ?? ['video']);
  const extra = rng.sample(
    CATALOGUE_TAGS.filter((t) => t !== tag),
    rng.int(0, 2),
  );
  const file = rng.pick(media);
  // Three years, weighted towards recent uploads like a growing site.
  const createdAt = new Date(now - Math.pow(rng.next(), 2) * 3 * YEAR);
  return {
    id: newId(),
    ownerId: rng.pick(ownerIds),
    title: rng.pick(FORMATS)(topic, rng.int(2, 30)),
    description: `${rng.pick(OPENERS)} ${topic}. ${rng.pick(CLOSERS)}`,
    tags: [tag, ...extra],
    duration: file.duration,
    views: Math.round(Math.exp(rng.next() * Math.log(2_000_000))),
    likesCount: 0,
    isPublished: rng.chance(0.97),
    videoKey: file.videoKey,
    thumbnailKey: file.thumbnailKey,
    createdAt,
    updatedAt: createdAt,
  };
}

/** Media files the synthetic rows share: the site's existing videos, or four made here. */
async function mediaPool(ctx: ServerContext, log: SeedLog): Promise<MediaRef[]> {
  const existing = await ctx.db
    .selectDistinct({
      videoKey: videos.videoKey,
      thumbnailKey: videos.thumbnailKey,
      duration: videos.duration,
    })
    .from(videos)
    .where(eq(videos.isPublished, true))
    .limit(12);
  if (existing.length > 0) return existing;

  log.info('no videos to share yet: making 4 media files for the catalogue');
  const workDir = path.join(
    ctx.config.dataDir,
    'tmp',
    `catalogue-${randomBytes(6).toString('hex')}`,
  );
  await mkdir(workDir, { recursive: true });
  const kinds: PatternKind[] = ['testsrc2', 'mandelbrot', 'life', 'boxes'];
  const cache = demoMediaCacheFor(ctx.config);
  try {
    return await runLimited(kinds, 2, async (kind, i) => {
      const ref = {
        videoKey: `videos/${newId()}.mp4`,
        thumbnailKey: sizedKey('thumbnail', newId(), DEMO_IMAGE_TOPS.thumbnail),
        duration: 0,
      };
      const videoPath = path.join(workDir, `${i}.mp4`);
      const framePath = path.join(workDir, `${i}.jpg`);
      const look = { kind, color: '2f6690', accent: 'f3a712', hue: i * 90, tone: 330 + i * 110 };
      await makeVideoAndThumbnail({ ...look, seconds: 4 + i }, videoPath, framePath, cache);
      ref.duration = await probeDuration(videoPath);
      await ctx.storage.put(ref.videoKey, videoPath, 'video/mp4');
      await storeImageAs(ctx, framePath, ref.thumbnailKey);
      return ref;
    });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Adds `count` synthetic videos spread over every existing user. Needs at least one user. */
export async function addCatalogueVideos(
  ctx: ServerContext,
  count: number,
  log: SeedLog,
): Promise<{ inserted: number; ms: number }> {
  const started = performance.now();
  const owners = (await ctx.db.select({ id: users.id }).from(users)).map((u) => u.id);
  if (owners.length === 0) throw new Error('the catalogue needs at least one user');
  const media = await mediaPool(ctx, log);
  const rng = createRng(Date.now() & 0xffffffff);
  const now = Date.now();
  let inserted = 0;
  // One transaction: a single commit instead of one per batch, and all or nothing.
  await ctx.db.transaction(async (tx) => {
    while (inserted < count) {
      const size = Math.min(BATCH, count - inserted);
      const rows = Array.from({ length: size }, () => syntheticVideo(rng, now, owners, media));
      await tx.insert(videos).values(rows);
      inserted += size;
      if (inserted % 10_000 === 0 || inserted === count) {
        log.info(`catalogue: ${inserted}/${count} videos`);
      }
    }
  });
  // Thumbnails made here were recorded in the media journal as they were stored; rows name them.
  await ctx.journal.clear(media.map((file) => file.thumbnailKey));
  // Fresh planner statistics and visibility map: the embedded database has no autovacuum, and
  // without them the planner guesses badly on a table that just grew by N rows.
  await ctx.db.execute(sql`vacuum analyze`);
  return { inserted, ms: performance.now() - started };
}
