/**
 * The project's folder, for files that ship beside the code (migrations, assets, the built SPA).
 * Found by walking up to package.json rather than by a fixed `..` count, because the same modules
 * run from server/ (source, under tsx) and from the one file of the production bundle
 * (dist/server/main.mjs, see scripts/build-server.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const APP_ROOT = projectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** Whether this code runs as TypeScript source (tsx) rather than from the bundle. */
export const FROM_SOURCE = import.meta.url.endsWith('.ts');
