/**
 * Vite plugin: writes `route-preload.json` into the build, naming for each first-screen route the
 * chunk of its page and the chunks that one imports (beyond what index.html preloads already).
 * The server puts them into index.html as `<link rel="modulepreload">` for the route asked for
 * (server/pages/page-html.ts), so the browser fetches the page's code alongside the entry chunk
 * instead of after it has run (issue 11). Page chunks are lazy (src/app/routes.tsx), so nothing else
 * would tell the browser about them early. An inline script could pick the links in the browser,
 * but the Content-Security-Policy allows no inline script.
 */
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

export const ROUTE_PRELOAD_FILE = 'route-preload.json';

/** One route: its path pattern as the server matches it (`:name` = one segment) and its files. */
export interface RoutePreload {
  path: string;
  files: string[];
}

type Chunks = Map<string, Rollup.OutputChunk>;

/** `fileName` and every chunk it imports statically, transitively. */
function withStaticImports(
  chunks: Chunks,
  fileName: string,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of chunks.get(fileName)?.imports ?? [])
    withStaticImports(chunks, imported, seen);
  return seen;
}

/** `pages` maps a route pattern to its page module, relative to the project root. */
export function routePreload(pages: Record<string, string>): Plugin {
  let root = process.cwd();
  return {
    name: 'vidtube-route-preload',
    // The browser's build only: the server renderer's (`vite build --ssr`) is never sent.
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: Chunks = new Map();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output);
      }
      const entry = [...chunks.values()].find((c) => c.isEntry);
      if (!entry) return;
      const loadedByEntry = withStaticImports(chunks, entry.fileName);
      const routes: RoutePreload[] = Object.entries(pages).map(([route, module]) => {
        const page = [...chunks.values()].find(
          (c) => c.facadeModuleId === path.resolve(root, module),
        );
        if (!page) throw new Error(`route-preload: no chunk for ${module}`);
        const files = [...withStaticImports(chunks, page.fileName)]
          .filter((f) => !loadedByEntry.has(f))
          .map((f) => `/${f}`);
        return { path: route, files };
      });
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOAD_FILE,
        source: JSON.stringify(routes, null, 2),
      });
    },
  };
}
