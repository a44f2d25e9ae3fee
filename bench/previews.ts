/**
 * `npm run bench -- previews` (issue 34): the seek-preview step's cost per minute of 1080p source
 * beside the renditions', both the exact ffmpeg runs the media job makes (the sprite of
 * server/media/previews/sprite.ts, the renditions of transcode-rendition.ts), alternated in one
 * run at the same nice 10. The machine is shared: the ratio is the figure, with the load average.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { renditionsFor } from '../server/media/hls/ladder.js';
import { transcodeArgs } from '../server/media/hls/transcode-rendition.js';
import { spriteArgs } from '../server/media/previews/sprite.js';
import { type Row } from './lib/table.js';
import { source1080p, timedFfmpeg } from './transcode.js';

const SOURCE_SECONDS = 30;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const bench = 'previews';

export async function benchPreviews(): Promise<Row[]> {
  const source = await source1080p();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-previews-'));
  const input = { path: source, width: 1920, height: 1080, duration: SOURCE_SECONDS };
  const load = os.loadavg();
  let sprite = { cpu: 0, wall: 0 };
  let renditions = { cpu: 0, wall: 0 };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const s = await timedFfmpeg(spriteArgs(input, path.join(dir, `s${round}.jpg`)).args);
      sprite = { cpu: sprite.cpu + s.cpu, wall: sprite.wall + s.wall };
      for (const rendition of renditionsFor(1080)) {
        const r = await timedFfmpeg(
          transcodeArgs(input, rendition, dir, `r${round}-${rendition.height}`),
        );
        renditions = { cpu: renditions.cpu + r.cpu, wall: renditions.wall + r.wall };
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const perMinute = 60 / SOURCE_SECONDS / ROUNDS;
  const after = os.loadavg();
  return [
    {
      bench,
      metric: 'seek previews (sprite + map) per minute of 1080p: CPU · wall',
      value: `${(sprite.cpu * perMinute).toFixed(2)} s · ${(sprite.wall * perMinute).toFixed(2)} s`,
    },
    {
      bench,
      metric: 'all renditions per minute of 1080p: CPU · wall',
      value: `${(renditions.cpu * perMinute).toFixed(1)} s · ${(renditions.wall * perMinute).toFixed(1)} s`,
    },
    {
      bench,
      metric: 'previews / renditions: CPU · wall',
      value: `${((100 * sprite.cpu) / renditions.cpu).toFixed(1)} % · ${((100 * sprite.wall) / renditions.wall).toFixed(1)} %`,
    },
    {
      bench,
      metric: 'load average (1 min) before · after',
      value: `${load[0]!.toFixed(2)} · ${after[0]!.toFixed(2)}`,
    },
  ];
}
