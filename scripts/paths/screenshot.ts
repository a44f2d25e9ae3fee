/**
 * `tsx scripts/paths/screenshot.ts [section-id] [out]`: photographs the written report in
 * headless Chromium for the README (docs/paths-report.webp). Run `npm run paths -- --report`
 * first. Uses Debian's Chromium, never a downloaded one.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { launchBrowser } from '../../tests/e2e/harness.js';
import { OUT_DIR } from './write-outputs.js';

const [section = 'm-change-password', out = 'docs/paths-report.webp'] = process.argv.slice(2);
// The e2e suite's launcher: Debian's Chromium with the flags this machine needs.
const session = await launchBrowser();
try {
  const { page } = await session.newPage({ width: 1280, height: 800 });
  await page.goto(pathToFileURL(path.join(OUT_DIR, 'index.html')).href);
  // Show a selected path, as a tester would after clicking one.
  await page.locator(`#${section} li.path`).nth(1).click();
  // Just below the sticky header; the first machine shows with the page top (and its menu).
  await page.locator(`#${section}`).evaluate((el) => {
    const first = el === document.querySelector('section.machine');
    const header = document.querySelector('header')!.offsetHeight;
    window.scrollTo(0, first ? 0 : (el as HTMLElement).offsetTop - header - 12);
  });
  const png = await page.screenshot();
  // WebP keeps the README's image small; any other name gets the PNG as taken.
  await (out.endsWith('.webp') ? sharp(png).webp({ quality: 82 }) : sharp(png).png()).toFile(out);
  console.log(`wrote ${out}`);
} finally {
  await session.close();
}
