/**
 * index.html for a client route, with `<link rel="modulepreload">` for that route's page chunk
 * and its imports (the build lists them in route-preload.json, scripts/vite-route-preload.ts).
 * The browser then fetches the page's code together with the entry chunk instead of after it has
 * run. The variants are built once at start: the build does not change while the server runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { routePattern } from '../../contract/page-routes.js';

interface RoutePreload {
  path: string;
  files: string[];
}

const preloadLinks = (files: string[]) =>
  files.map((f) => `    <link rel="modulepreload" crossorigin href="${f}">\n`).join('');

/**
 * Returns the HTML of the page at a pathname (`index.html` as built for routes not listed), with
 * `extraHead` (first-screen-html.ts) at the end of its head.
 */
export function pageHtmlOf(clientDir: string): (pathname: string, extraHead?: string) => string {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const listFile = path.join(clientDir, 'route-preload.json');
  const routes = existsSync(listFile)
    ? (JSON.parse(readFileSync(listFile, 'utf8')) as RoutePreload[])
    : [];
  const variants = routes.map((route) => ({
    matches: routePattern(route.path),
    html: html.replace('</head>', `${preloadLinks(route.files)}  </head>`),
  }));
  return (pathname, extraHead = '') => {
    const page = variants.find((v) => v.matches.test(pathname))?.html ?? html;
    if (!extraHead) return page;
    // A replacer function: a replacement string would expand `$&`, `$'`… found in video titles.
    const atEnd = (head: string, extra: string) =>
      head.replace('</head>', () => `${extra}  </head>`);
    // The first screen's image preloads go before the scripts. Over HTTP/1.1 a browser opens six
    // connections to a host and hands them out by priority, then in the order it found the
    // requests: the watch page's poster, high priority like the scripts, waited behind its 19
    // modulepreloads (LCP 1 390 ms on the mobile profile against 624 for `/`, issue 35).
    const images = extraHead.match(IMAGE_PRELOAD) ?? [];
    const scripts = page.indexOf(SCRIPTS_START);
    if (images.length === 0 || scripts < 0) return atEnd(page, extraHead);
    const early = page.slice(0, scripts) + images.join('') + page.slice(scripts);
    return atEnd(early, extraHead.replace(IMAGE_PRELOAD, ''));
  };
}

/** A first-screen image preload line (image-preload.ts writes them). */
const IMAGE_PRELOAD = /^ *<link rel="preload" as="image"[^>]*>\n/gm;
/** Where the built page's scripts start (Vite's entry tag). */
const SCRIPTS_START = '    <script type="module"';
