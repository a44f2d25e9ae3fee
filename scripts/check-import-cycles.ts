/**
 * Fails (exit 1) when the server's modules import each other in a loop, and prints the loop.
 * A loop makes load order decide which binding is still undefined, and it hides a missing layer:
 * issue 7 broke app → routes → services → app. Type-only imports count too, so that a layer
 * never leans on one above it even for a type. Uses the TypeScript compiler's own import scanner
 * (`ts.preProcessFile`), so no extra dependency is needed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOTS = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['server'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** `./x.js` in an ESM TypeScript project names `./x.ts` (or `./x/index.ts`). */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => existsSync(f));
}

const files = ROOTS.flatMap((root) => sourceFiles(path.resolve(root)));
const graph = new Map<string, string[]>();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = importedFiles.map((i) => resolve(file, i.fileName));
  graph.set(
    file,
    targets.filter((t): t is string => t !== undefined && files.includes(t)),
  );
}

// Depth-first search; a grey node met again closes a loop.
const state = new Map<string, 'grey' | 'black'>();
const stack: string[] = [];
const cycles: string[][] = [];
function visit(file: string): void {
  state.set(file, 'grey');
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    if (state.get(next) === 'grey') cycles.push([...stack.slice(stack.indexOf(next)), next]);
    else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(file, 'black');
}
for (const file of files) if (!state.has(file)) visit(file);

const rel = (f: string) => path.relative(process.cwd(), f);
if (cycles.length > 0) {
  for (const cycle of cycles) console.error(`import cycle: ${cycle.map(rel).join(' → ')}`);
  process.exit(1);
}
console.log(`no import cycle among ${files.length} modules under ${ROOTS.join(', ')}`);
