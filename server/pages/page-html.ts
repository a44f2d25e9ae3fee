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
    // A replacer function: a replacement string would expand `$&`, `$'`… found in video titles.
    return extraHead ? page.replace('</head>', () => `${extraHead}  </head>`) : page;
  };
}
