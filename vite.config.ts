import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { PAGE_ROUTES } from './contract/page-routes.js';
import { precompress } from './scripts/vite-precompress.js';
import { routePreload } from './scripts/vite-route-preload.js';
import { styledIds } from './scripts/vite-styled-ids.js';

// The side menu's "Source code" link: SOURCE_CODE_URL at build time, else package.json's repository.
const repository = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { repository?: { url?: string } }
).repository?.url;
const sourceCodeUrl = process.env.SOURCE_CODE_URL ?? repository ?? '';

// The API server the dev server forwards /api and /media to (npm run dev starts both).
const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

// `vite build --ssr` (the server renderer, issue 35): its bundled React must be the production
// build, which reads process.env.NODE_ENV at run time unless it is written in here.
const ssrBuild = process.argv.includes('--ssr');

export default defineConfig({
  define: {
    __SOURCE_CODE_URL__: JSON.stringify(sourceCodeUrl),
    ...(ssrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  plugins: [
    // Stable class names, the same in the browser's build and the server renderer's (issue 35).
    styledIds(),
    react(),
    // The routes a visitor lands on (src/app/routes.tsx): their page chunks are preloaded with index.html.
    routePreload({
      [PAGE_ROUTES.home]: 'src/pages/home-page.tsx',
      [PAGE_ROUTES.search]: 'src/pages/search-page.tsx',
      [PAGE_ROUTES.watch]: 'src/pages/watch-page.tsx',
      [PAGE_ROUTES.channel]: 'src/pages/channel-page.tsx',
      [PAGE_ROUTES.playlist]: 'src/pages/playlist-page.tsx',
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Hashed names let the server send immutable cache headers for /assets.
    assetsDir: 'assets',
    rolldownOptions: {
      // The contract's modules hold TypeBox schemas beside the constants and types the SPA uses;
      // building a schema has no effect beyond its value, so one the SPA never reads is dropped,
      // and TypeBox with it (41 of the entry chunk's 118 kB before, issue 35). Property reads are
      // taken as free of effects too (neither our code nor its libraries read a property for a
      // getter's effect): otherwise `Type.String({ maxLength: LIMITS.password.max })` kept its
      // argument's reads, and with them TypeBox. The e2e suite runs this build.
      treeshake: {
        manualPureFunctions: ['Type', 'ClosedBody', 'PageQuery', 'LiteralUnion'],
        propertyReadSideEffects: false,
      },
      output: {
        advancedChunks: {
          groups: [
            {
              // The libraries every page runs first, as one file: left alone, the bundler cut
              // them into several small shared chunks (each a request with ~1 kB of headers, the
              // bench's `/` figure counts them), and their bytes change less often than ours.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate[\\/]react|wouter|regexparam|styled-components|stylis|use-sync-external-store|use-isomorphic-layout-effect)[\\/]/,
            },
            {
              // Our own code that every page runs first (what index.html's entry imports, and
              // their imports), as one file with the entry: left alone, the bundler cut off what
              // lazy chunks share with it (the core calls, notify, validation, the preload helper) as
              // four more files, each a request every first visit makes with ~1.1 kB of headers.
              name: 'shell',
              tags: ['$initial'],
            },
            {
              // What a signed-in page runs at once besides the visitor's code: the live
              // connection, the unread count and the bell that shows it (two lazy imports, one
              // file: left alone they were five, ~1 kB of headers each). The bell's panel is not
              // here: it loads when it is first wanted (src/layout/signed-in-bell.tsx). Only these
              // modules: what they import is the shell's (index, framework), loaded before them.
              name: 'signed-in',
              includeDependenciesRecursively: false,
              test: /(src[\\/](live-actors\.tsx|layout[\\/]signed-in-bell\.tsx|api[\\/](live-stream|unread-count)\.ts)|machines[\\/](live-connection|unread-count)\.machine\.ts|contract[\\/]live-events\.ts)$/,
            },
            {
              // What the first-screen pages draw their lists with (cards, the grid, list states,
              // the pager's logic, dates and counts), as one file: left alone, the bundler cut it
              // into nine chunks of under 4 kB, each a request with ~1.1 kB of headers on `/`.
              name: 'page-kit',
              test: /src[\\/](components[\\/](video-card|video-grid|relative-time)\.tsx|ui[\\/](list-states\.tsx|skeleton\.tsx|clamp\.ts)|format\.ts|pager-logic\.ts|use-document-title\.ts)$/,
            },
          ],
        },
      },
    },
  },
  // The server renderer (`vite build --ssr src/app/server-render.tsx`, issue 35) carries its
  // libraries: styled-components and the other browser packages are CommonJS or browser-first,
  // and bundled they resolve as the browser's build resolves them.
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/media': { target: apiTarget, changeOrigin: false },
    },
  },
  test: {
    // One project per suite, so `npm test` can run them all and each can run alone.
    projects: [
      {
        extends: true,
        test: {
          name: 'machines',
          include: ['tests/machines/**/*.test.ts'],
          environment: 'node',
          // Machines are pure definitions: the files share one module graph instead of importing
          // xstate and the charts again for each file (half this suite's time).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'views',
          include: ['tests/views/**/*.test.tsx'],
          environment: 'jsdom',
          // Node 25 and later define a global localStorage of their own (undefined without
          // --localstorage-file) that hides jsdom's window.localStorage: turned off here.
          execArgv: ['--no-experimental-webstorage'],
          setupFiles: ['tests/views/setup.ts'],
          // One module graph for all files (143 s → 66 s on the 2-core machine); setup.ts clears
          // what a test leaves behind (DOM, toast queue, storage), and shuffled runs pass.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          environment: 'node',
          // Most server tests build an app (a PGlite from the migrated dump, a DATA_DIR): 2-3 s
          // alone, but 10-16 s when CI's machine is busy, and a test that builds two passed 30 s
          // there (account-mail, passkeys, seed at load 5). A hung test still fails, a minute on.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // PGlite instances are memory-hungry WASM: keep parallelism modest on 2 cores.
          maxWorkers: 2,
          // The files of a worker share one module graph: importing the server, fastify and
          // drizzle again for each of ~80 files was a third of this suite's time. Every file
          // builds its own app, database and DATA_DIR; the shared parts are the compiled
          // WebAssembly and the migrated template, which are the same for every file.
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at a time: each has its own server, DATA_DIR, port and browser, and about
          // half of a file's time is waiting (on ffmpeg, the network, animations), so two files
          // share the 2 cores well (429 s → about 270 s in CI). Layout checks poll until the page
          // settles (layout.ts), so a slower page under load is not a failure.
          maxWorkers: 2,
          // The files of a worker share one module graph (playwright-core, the helpers): each
          // file still starts its own server and browser; importing again cost every file seconds.
          isolate: false,
          sequence: { groupOrder: 3 },
        },
      },
      {
        extends: true,
        test: {
          // `npm run cluster`'s topology (root, PostgreSQL, nginx), started once by the global
          // setup and shared by the files, one after the other: CI runs it after the PostgreSQL
          // suite with TEST_DATABASE_URL (`npm run test:cluster`).
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          globalSetup: ['tests/cluster/global-setup.ts'],
          // The files share one module graph too (the S3 client, the database driver): each
          // file opens its own database handle and makes its own users and videos.
          isolate: false,
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 4 },
        },
      },
    ],
  },
});
