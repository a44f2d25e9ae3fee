/**
 * `npm start` runs this first: builds the SPA and its server renderer (dist/client,
 * dist/server-render) when either is missing or older than any of its sources, so a fresh clone
 * needs no separate build step and a rebuilt one is not rebuilt again.
 * The server bundle (dist/server) is rebuilt every time: it takes well under a second.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist/client/index.html');
const sources = [
  'src',
  'machines',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
];

function newestMtime(entry: string): number {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((child) => newestMtime(path.join(entry, child))));
}

/** The server renderer (issue 35), built from the same sources right after the SPA. */
const renderer = path.join(root, 'dist/server-render/server-render.js');

const builtAt = Math.min(
  ...[built, renderer].map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
);
const newest = Math.max(...sources.map(newestMtime));
if (builtAt < newest) {
  console.log(builtAt ? 'SPA sources changed: rebuilding…' : 'Building the SPA (first start)…');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--ssr',
      'src/app/server-render.tsx',
      '--outDir',
      'dist/server-render',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit' },
  );
}
await buildServer();
