/**
 * GET /videos/{id} under load as real viewers make it: 50 signed-in users, every request a video
 * that user has not watched yet, so every request counts a view (the write path the view counter
 * takes off the request).
 */
import { randomBytes } from 'node:crypto';
import { registerAndSignIn } from './http.js';
import { load, type LoadResult } from './load.js';

const VIEWERS = 50;
/** Distinct videos to spread the views over; each viewer walks them from its own start. */
const VIDEOS = 2000;

interface Viewer {
  cookie: string;
}

/** Registers and signs in `n` fresh viewers (the server must allow it: AUTH_RATE_LIMIT). */
async function registerViewers(baseUrl: string, n: number): Promise<Viewer[]> {
  const run = randomBytes(4).toString('hex');
  const viewers: Viewer[] = [];
  for (let i = 0; i < n; i++) {
    viewers.push({ cookie: await registerAndSignIn(baseUrl, `viewer.${run}.${i}`) });
  }
  return viewers;
}

/** Ids of the newest published videos, `count` of them. */
async function videoIds(baseUrl: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ids.length < count; page++) {
    const res = await fetch(`${baseUrl}/api/v1/videos?page=${page}&limit=50`);
    const body = (await res.json()) as { data: { videos: { _id: string }[] } };
    if (body.data.videos.length === 0) break;
    ids.push(...body.data.videos.map((v) => v._id));
  }
  return ids;
}

export interface WatchSetup {
  viewers: Viewer[];
  ids: string[];
}

export async function prepareWatchers(baseUrl: string): Promise<WatchSetup> {
  return { viewers: await registerViewers(baseUrl, VIEWERS), ids: await videoIds(baseUrl, VIDEOS) };
}

/**
 * Request k is viewer k mod 50 watching the next video of its own walk, so no (viewer, video) pair
 * repeats until a viewer has watched all VIDEOS (a run of ~4 000 req/s × 10 s stays below).
 * `round` shifts the walks, so a second run with the same viewers watches other videos.
 */
export function watchLoad(
  baseUrl: string,
  { viewers, ids }: WatchSetup,
  seconds: number,
  round = 0,
): Promise<LoadResult> {
  let k = 0;
  const stride = Math.floor(ids.length / viewers.length);
  return load(`${baseUrl}/api/v1/videos/${ids[0]}`, {
    seconds,
    connections: viewers.length,
    setupRequest: (request) => {
      const v = k % viewers.length;
      const step = Math.floor(k / viewers.length) + round * 997;
      k++;
      const id = ids[(v * stride + step) % ids.length];
      return {
        ...request,
        path: `/api/v1/videos/${id}`,
        headers: { ...request.headers, cookie: viewers[v]!.cookie },
      };
    },
  });
}
