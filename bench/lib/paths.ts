import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Cached databases and media for reruns (git-ignored). */
export const BENCH_DATA = path.join(ROOT, 'bench/.data');
