/**
 * Thumbnail bytes of the home page: what headless Chromium downloads for the thumbnails of the 12
 * cards of `/` (scrolled to the end so the lazy ones load too) on a cold cache, at the e2e
 * desktop viewport (1280×800) at 1x and 2x pixel ratio. Beside it, what the same 12 weigh as
 * single URLs (each video's `thumbnail`, the largest stored width): what a client without
 * `srcset` loads. Images stored before sizes existed are converted in the background at start,
 * so the bench first waits until the first page lists sizes.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/harness.js';
import { kB, type Row } from './lib/table.js';

/** Issue 12: the home page's thumbnails before sizes, 1280×720 to every card ("today's 574 kB"). */
export const BEFORE_SIZES_BYTES = 574 * 1024;
const TARGET_BYTES = BEFORE_SIZES_BYTES * 0.4;
const HOME_CARDS = 12;
const CONVERSION_WAIT_MS = 120_000;

interface FeedVideo {
  thumbnail: string;
  thumbnailSizes?: { width: number; url: string }[];
}

async function homeVideos(baseUrl: string): Promise<FeedVideo[]> {
  const res = await fetch(`${baseUrl}/api/v1/videos?page=1&limit=${HOME_CARDS}`);
  if (!res.ok) throw new Error(`video list failed: ${res.status}`);
  return ((await res.json()) as { data: { videos: FeedVideo[] } }).data.videos;
}

/**
 * The first page once every thumbnail on it has its sizes (or the wait ran out). A server from
 * before sizes lists none at all (no field): nothing to wait for, which measures "before".
 */
async function convertedHomeVideos(baseUrl: string): Promise<FeedVideo[]> {
  const until = Date.now() + CONVERSION_WAIT_MS;
  for (;;) {
    const videos = await homeVideos(baseUrl);
    const waiting = videos.some((video) => video.thumbnailSizes?.length === 0);
    if (!waiting || Date.now() > until) return videos;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Bytes (body plus headers) of every thumbnail response while `/` loads and scrolls. */
async function homeThumbnailBytes(browser: Browser, baseUrl: string, scale: number) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: scale,
  });
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  const widths: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/media/thumbnail')) return;
    widths.push(/-w(\d+)\.webp$/.exec(pathname)?.[1] ?? 'single');
    sizes.push(
      response
        .request()
        .sizes()
        .then((s) => s.responseBodySize + s.responseHeadersSize),
    );
  });
  await page.goto(baseUrl, { waitUntil: 'networkidle' });
  await page
    .getByRole('article')
    .nth(HOME_CARDS - 1)
    .scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  const bytes = (await Promise.all(sizes)).reduce((sum, n) => sum + n, 0);
  await context.close();
  return { bytes, count: sizes.length, widths: [...new Set(widths)].join('/') };
}

async function singleUrlBytes(videos: FeedVideo[]): Promise<number> {
  const lengths = await Promise.all(
    videos.map(async (video) => (await (await fetch(video.thumbnail)).arrayBuffer()).byteLength),
  );
  return lengths.reduce((sum, n) => sum + n, 0);
}

export async function benchThumbs(baseUrl: string): Promise<Row[]> {
  const videos = await convertedHomeVideos(baseUrl);
  const sized = videos.filter((video) => video.thumbnailSizes?.length).length;
  const session = await launchBrowser();
  try {
    const rows: Row[] = [];
    for (const scale of [1, 2]) {
      const { bytes, count, widths } = await homeThumbnailBytes(session.browser, baseUrl, scale);
      rows.push({
        bench: scale === 1 ? 'thumbnails on /' : '',
        metric: `1280×800 at ${scale}x: ${count} files, widths ${widths} (${sized}/${videos.length} cards with sizes)`,
        value: kB(bytes),
        ...(scale === 1 ? { target: `≤ ${kB(TARGET_BYTES)} (40 % of 574 kB)` } : {}),
        ...(scale === 1 ? { ok: bytes <= TARGET_BYTES } : {}),
      });
    }
    rows.push({
      bench: '',
      metric: `  the same ${videos.length} as single URLs (largest stored width, bodies only)`,
      value: kB(await singleUrlBytes(videos)),
    });
    return rows;
  } finally {
    await session.close();
  }
}
