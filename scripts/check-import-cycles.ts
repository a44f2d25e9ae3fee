/**
 * `npm run check`'s loop check: fails (exit 1) when modules anywhere in the repository import
 * each other in a loop (contract, machines, src, server, scripts, tests, bench and the config
 * files at the top), and prints each loop. Folders given as arguments narrow it down.
 */
import path from 'node:path';
import { importCycles, sourceFiles } from './import-cycles.js';

const roots = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['.'];
const files = roots.flatMap((root) => sourceFiles(path.resolve(root)));
const cycles = importCycles(files);

const rel = (f: string) => path.relative(process.cwd(), f);
if (cycles.length > 0) {
  for (const cycle of cycles) console.error(`import cycle: ${cycle.map(rel).join(' → ')}`);
  process.exit(1);
}
console.log(`no import cycle among ${files.length} modules under ${roots.join(', ')}`);
