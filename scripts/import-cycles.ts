/**
 * Finds the import loops among a set of modules. A loop makes load order decide which binding is
 * still undefined, and it hides a missing layer: issue 7 broke app → routes → services → app.
 * Type-only imports count too, so that a layer never leans on one above it even for a type. Uses
 * the TypeScript compiler's own import scanner (`ts.preProcessFile`), so no extra dependency is
 * needed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Folders that hold no source of ours: dependencies, builds, data and generated migrations. */
const NOT_SOURCE = new Set(['node_modules', 'dist', 'data', 'test-results', 'drizzle', '.git']);
const SOURCE_FILE = /\.(tsx?|m?js)$/;

/** Every source file under `dir` (TypeScript and JavaScript, declaration files left out). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return NOT_SOURCE.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(full);
    }
    return SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** `./x.js` in an ESM TypeScript project names `./x.ts` (or `./x.tsx`, `./x/index.ts`). */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const named = path.resolve(path.dirname(from), specifier);
  const base = named.replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, named, `${base}.js`, path.join(base, 'index.ts')].find(
    (f) => SOURCE_FILE.test(f) && existsSync(f),
  );
}

/** Each loop as the files along it, the first file repeated at the end. */
export function importCycles(files: string[]): string[][] {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((i) => resolve(file, i.fileName));
    graph.set(
      file,
      targets.filter((t): t is string => t !== undefined && known.has(t)),
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
  return cycles;
}
