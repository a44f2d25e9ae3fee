/**
 * The reconciliation reads the tables that grow with the catalogue (videos, their processing rows)
 * a batch at a time instead of whole (media-reconcile.ts, KEY_BATCH): every row's files must
 * still count as referenced, whichever batch the row falls in, and the orphan next to them must
 * still go.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { videoProcessing, videos } from '../../server/db/schema.js';
import { reconcileMedia, referencedKeys } from '../../server/maintenance/media-reconcile.js';
import { storedKeysOf } from '../../server/media/image-keys.js';
import { processingKeys } from '../../server/processing/index.js';
import { createUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { silentLog } from './transcode-helpers.js';
import { insertVideos } from './video-helpers.js';

let t: TestApp;
let ids: string[];
const processed: {
  videoId: string;
  hlsPrefix: string;
  previews: { id: string; interval: number; tiles: number };
}[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t);
  // 23 videos and 11 processing rows: batches of 5 end on no boundary of either.
  ids = await insertVideos(
    t,
    owner,
    Array.from({ length: 23 }, () => ({})),
  );
  for (const [i, videoId] of ids.slice(0, 11).entries()) {
    processed.push({
      videoId,
      hlsPrefix: `batch${i}`,
      previews: { id: `p${i}`, interval: 2, tiles: 4 },
    });
  }
  await t.ctx.db.insert(videoProcessing).values(processed);
}, 60_000);
afterAll(() => t.close());

describe('the reconciliation reading keys in batches', () => {
  it("counts every video's and processing row's files, across batch boundaries", async () => {
    const keys = await referencedKeys(t.ctx.db, 5);
    for (const id of ids) {
      expect(keys.has(`videos/${id}.mp4`)).toBe(true);
      for (const stored of storedKeysOf(`thumbnails/${id}.webp`))
        expect(keys.has(stored)).toBe(true);
    }
    for (const row of processed) {
      const files = processingKeys({ ...row, renditions: [] });
      expect(files).toHaveLength(2);
      for (const file of files) expect(keys.has(file)).toBe(true);
    }
    // Batches change how the rows are read, not what is referenced.
    expect([...keys].sort()).toEqual([...(await referencedKeys(t.ctx.db))].sort());
  });

  it('keeps the file of the row read last and removes the orphan beside it', async () => {
    // The row read last: the greatest id in the database's own order.
    const [{ id: last }] = (await t.ctx.db
      .select({ id: videos.id })
      .from(videos)
      .orderBy(desc(videos.id))
      .limit(1)) as [{ id: string }];
    await store(`videos/${last}.mp4`);
    await store('videos/orphan-of-no-row.mp4');
    const report = await reconcileMedia(t.ctx.db, t.ctx.storage, silentLog, 0, { keyBatch: 5 });
    expect(report.removedOrphans).toContain('videos/orphan-of-no-row.mp4');
    expect(report.removedOrphans).not.toContain(`videos/${last}.mp4`);
    const left: string[] = [];
    for await (const object of t.ctx.storage.list()) left.push(object.key);
    expect(left).toContain(`videos/${last}.mp4`);
    expect(left).not.toContain('videos/orphan-of-no-row.mp4');
  });
});

/** A file stored under `key` (its bytes do not matter to the reconciliation). */
async function store(key: string) {
  const tmp = path.join(t.dataDir, `fixture-${path.basename(key)}`);
  await writeFile(tmp, 'bytes');
  await t.ctx.storage.put(key, tmp, 'video/mp4');
}
