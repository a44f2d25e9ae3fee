/**
 * The page's HTML (server/pages/page-html.ts): the first screen's additions go in its head, and
 * its image preloads before the scripts, so that the browser asks for the largest image before
 * the page's modulepreloads (issue 35: over HTTP/1.1 the poster waited behind 19 of them).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbnailPreload } from '../../server/pages/image-preload.js';
import { pageHtmlOf } from '../../server/pages/page-html.js';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>VidTube</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('page HTML', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-page-html-'));
    await writeFile(path.join(dir, 'index.html'), INDEX);
    await writeFile(
      path.join(dir, 'route-preload.json'),
      JSON.stringify([{ path: '/watch/:videoId', files: ['/assets/watch-page.js'] }]),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('puts image preloads before the scripts and the rest at the end of the head', () => {
    const preload = thumbnailPreload(
      {
        thumbnail: '/media/t-w480.webp',
        thumbnailSizes: [
          { url: '/media/t-w180.webp', width: 180 },
          { url: '/media/t-w480.webp', width: 480 },
        ],
      },
      '100vw',
    );
    const data = '    <script type="application/json" id="data">{"title":"$& and $\'"}</script>\n';
    const html = pageHtmlOf(dir)('/watch/abc', preload + data);
    const at = (text: string) => html.indexOf(text);
    expect(at('imagesrcset="/media/t-w180.webp 180w')).toBeGreaterThan(at('<title>'));
    expect(at('imagesrcset=')).toBeLessThan(at('<script type="module"'));
    expect(at('/assets/watch-page.js')).toBeLessThan(at('id="data"'));
    expect(at('id="data"')).toBeLessThan(at('</head>'));
    // Each once, and a title's `$&` stays as written.
    expect(html.split('rel="preload" as="image"')).toHaveLength(2);
    expect(html).toContain('{"title":"$& and $\'"}');
  });

  it('leaves a page without image preloads as it was, additions at the end of the head', () => {
    const html = pageHtmlOf(dir)('/', '    <meta name="x" content="y">\n');
    expect(html.indexOf('<meta name="x"')).toBeGreaterThan(html.indexOf('framework.js'));
    expect(pageHtmlOf(dir)('/')).toBe(INDEX);
  });
});
