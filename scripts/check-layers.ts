/**
 * `npm run check`'s proof that the walls are the drawing: docs/architecture.md ("Layers") has a
 * diagram and a table of what each layer may import; eslint.layers.js turns the same list into
 * lint walls. This fails (exit 1) unless
 * - the table and eslint.layers.js name the same layers with the same imports,
 * - the diagram's arrows reach exactly what the table allows (its arrows are the table without
 *   the arrows implied by others),
 * - for every pair of layers, ESLint refuses an import from one into the other exactly when the
 *   table does not allow it (a probe file linted with ESLint's API, nothing written to disk),
 * - every source file of the product belongs to one layer, and
 * - the loop check (import-cycles.ts) finds a loop in a two-file loop.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { importCycles, sourceFiles } from './import-cycles.js';

interface Place {
  kind: 'folder' | 'file' | 'loose';
  at: string;
  sibling?: boolean;
}
interface Layer {
  name: string;
  imports: string[];
  door?: string;
  edge?: { files: string[]; imports: string[] };
}
interface LayersModule {
  LAYERS: Layer[];
  TOOLS: string[];
  placesOf: (layer: Layer) => Place[];
}

const ROOT = path.resolve(import.meta.dirname, '..');
const DOC = 'docs/architecture.md';
const failures: string[] = [];
const fail = (message: string) => failures.push(message);

// eslint.layers.js is plain JavaScript for eslint.config.js; its shape is declared above.
const layersUrl = new URL('../eslint.layers.js', import.meta.url).href;
const { LAYERS, TOOLS, placesOf } = (await import(layersUrl)) as LayersModule;
const byName = new Map(LAYERS.map((l) => [l.name, l]));

// --- The drawing -----------------------------------------------------------------------------

const doc = readFileSync(path.join(ROOT, DOC), 'utf8');
const section = /^## Layers\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(doc)?.[1] ?? '';
if (!section) fail(`${DOC} has no "## Layers" section`);

/** Table rows: | `name` | what it is | `a`, `b` (or —) | */
const table = new Map<string, string[]>();
for (const line of section.split('\n')) {
  const cells = line.split('|').map((c) => c.trim());
  const name = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
  if (!name || cells.length < 5) continue;
  table.set(
    name,
    [...(cells[3] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!),
  );
}

/** Mermaid: nodes `id["name"]`, arrows `a --> b` (one per line). */
const mermaid = /```mermaid\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
const nodeNames = new Map<string, string>();
for (const m of mermaid.matchAll(/(\w+)\["([^"]+)"\]/g)) nodeNames.set(m[1]!, m[2]!);
const arrows: [string, string][] = [];
for (const m of mermaid.matchAll(/^\s*(\w+)\s*-->\s*(\w+)\s*$/gm)) {
  const from = nodeNames.get(m[1]!);
  const to = nodeNames.get(m[2]!);
  if (!from || !to) fail(`diagram: arrow ${m[1]} --> ${m[2]} names an undeclared node`);
  else arrows.push([from, to]);
}

// --- The table is eslint.layers.js -------------------------------------------------------------

const sameList = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);
/** What a layer's files may import, its HTTP edge's too: the table's column and the arrows. */
const importsOf = (layer: Layer) => [...layer.imports, ...(layer.edge?.imports ?? [])];

for (const layer of LAYERS) {
  const row = table.get(layer.name);
  if (!row) fail(`table: no row for layer \`${layer.name}\` (eslint.layers.js has it)`);
  else if (!sameList(row, importsOf(layer))) {
    fail(
      `table: \`${layer.name}\` may import [${row.join(', ')}], eslint.layers.js says [${importsOf(layer).join(', ')}]`,
    );
  }
}
for (const name of table.keys()) {
  if (!byName.has(name)) fail(`table: layer \`${name}\` is not in eslint.layers.js`);
}

// --- The diagram reaches what the table allows -------------------------------------------------

function reach(edges: [string, string][]): Map<string, Set<string>> {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) next.set(a, [...(next.get(a) ?? []), b]);
  const result = new Map<string, Set<string>>();
  for (const start of LAYERS.map((l) => l.name)) {
    const seen = new Set<string>();
    const todo = [...(next.get(start) ?? [])];
    while (todo.length > 0) {
      const n = todo.pop()!;
      if (seen.has(n)) continue;
      seen.add(n);
      todo.push(...(next.get(n) ?? []));
    }
    result.set(start, seen);
  }
  return result;
}

const allowed: [string, string][] = LAYERS.flatMap((l) =>
  importsOf(l).map((t): [string, string] => [l.name, t]),
);
const wanted = reach(allowed);
const drawn = reach(arrows);
let diagramDiffers = false;
for (const layer of LAYERS) {
  const [w, d] = [wanted.get(layer.name)!, drawn.get(layer.name)!];
  const missing = [...w].filter((x) => !d.has(x));
  const extra = [...d].filter((x) => !w.has(x));
  if (missing.length + extra.length > 0) {
    diagramDiffers = true;
    fail(
      `diagram: from \`${layer.name}\` the arrows miss [${missing.join(', ')}] and wrongly reach [${extra.join(', ')}]`,
    );
  }
}
for (const [from, to] of arrows) {
  if (!importsOf(byName.get(from) ?? { name: from, imports: [] }).includes(to)) {
    diagramDiffers = true;
    fail(`diagram: arrow ${from} --> ${to} is not in the table`);
  }
}

/** The table's arrows less those another path implies: what the diagram should show. */
function suggestedDiagram(): string {
  let edges = [...allowed];
  for (const edge of allowed) {
    const others = edges.filter((e) => e !== edge);
    if (reach(others).get(edge[0])!.has(edge[1])) edges = others;
  }
  const id = (name: string) => name.replace(/[^A-Za-z]+/g, '_').replace(/^_|_$/g, '');
  const nodes = LAYERS.map((l) => `  ${id(l.name)}["${l.name}"]`);
  return [...nodes, ...edges.map(([a, b]) => `  ${id(a)} --> ${id(b)}`)].join('\n');
}

// --- ESLint refuses exactly what the table forbids ---------------------------------------------

const eslint = new ESLint({
  cwd: ROOT,
  // Probes are files that do not exist: no type information, and only the walls' rule.
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

function probeFile(place: Place): string {
  return place.kind === 'file' ? place.at : `${place.at}/wall-probe.ts`;
}
function specifier(fromFile: string, place: Place): string {
  const target =
    place.kind === 'file' ? place.at.replace(/\.[jt]sx?$/, '.js') : `${place.at}/wall-target.js`;
  const rel = path.posix.relative(path.posix.dirname(fromFile), target);
  return rel.startsWith('..') ? rel : `./${rel}`;
}

let probes = 0;
const tool = (at: string): Place => ({ kind: 'folder', at });
const targets = [
  ...LAYERS.flatMap((l) => placesOf(l).map((place) => ({ name: l.name, place }))),
  ...TOOLS.map((at) => ({ name: at, place: tool(at) })),
];

interface Probe {
  spec: string;
  at: string;
  mayImport: boolean;
  why: string;
}
/** Probe imports by the file they are linted in: one lintText per file, one import per line. */
const probesFrom = new Map<string, Probe[]>();
/** Records that `import spec` in `from` must be refused exactly unless `mayImport`. */
function probe(from: string, spec: string, at: string, mayImport: boolean, why: string) {
  probes += 1;
  probesFrom.set(from, [...(probesFrom.get(from) ?? []), { spec, at, mayImport, why }]);
}

/**
 * Lints each file's probes as one text (a line per import) and fails every import that is refused
 * when it may be made or let through when it may not. One text per file, not one per import: the
 * check linted 5 026 one-line texts: 87 s alone here, 197 s beside the other checks.
 */
async function lintProbes() {
  for (const [from, list] of probesFrom) {
    const text = list.map((p) => `import '${p.spec}';`).join('\n');
    const [result] = await eslint.lintText(`${text}\n`, { filePath: path.join(ROOT, from) });
    const refusedLines = new Set(
      (result?.messages ?? [])
        .filter((m) => m.ruleId === 'no-restricted-imports')
        .map((m) => m.line),
    );
    list.forEach((p, index) => {
      if (refusedLines.has(index + 1) === p.mayImport) {
        fail(
          `walls: ${from} importing '${p.spec}' (${p.at}) is ${p.mayImport ? 'refused' : 'let through'}, but ${p.why}`,
        );
      }
    });
  }
}

for (const layer of LAYERS) {
  const places = placesOf(layer);
  // Every place of a `dir/*` layer is a layer of its own; elsewhere one place speaks for all.
  for (const source of places[0]?.sibling ? places : places.slice(0, 1)) {
    // A layer with an HTTP edge is probed from an ordinary file and from an edge file.
    const edgeName = layer.edge?.files[0]?.replace('*', 'wall-probe');
    const froms = [
      { from: probeFile(source), extra: [] as string[] },
      ...(edgeName && source.kind === 'folder'
        ? [{ from: `${source.at}/${edgeName}`, extra: layer.edge!.imports }]
        : []),
    ];
    for (const { from, extra } of froms) {
      for (const target of targets) {
        if (target.place.at === source.at) continue;
        const sibling = source.sibling === true && target.place.sibling === true;
        const own = target.name === layer.name;
        const listed = layer.imports.includes(target.name) || extra.includes(target.name);
        const mayImport = !sibling && (own || listed);
        const why = `the table says ${layer.name}${extra.length ? ' (its edge)' : ''} ${mayImport ? 'may' : 'may not'} import ${target.name}`;
        const door = byName.get(target.name)?.door;
        if (door && !own) {
          // Past the door: refused even where the layer may be imported; the door: as the table says.
          probe(
            from,
            specifier(from, target.place),
            target.place.at,
            false,
            `${target.name} is imported through its ${door} only`,
          );
          const doorFile = { kind: 'file' as const, at: `${target.place.at}/${door}` };
          probe(from, specifier(from, doorFile), doorFile.at, mayImport, why);
        } else {
          probe(from, specifier(from, target.place), target.place.at, mayImport, why);
        }
      }
    }
  }
}
await lintProbes();

// --- Every product file is in a layer -----------------------------------------------------------

const PRODUCT = ['contract', 'machines', 'src', 'server'];
const inPlace = (file: string, place: Place) =>
  place.kind === 'file'
    ? file === place.at
    : place.kind === 'loose'
      ? path.posix.dirname(file) === place.at
      : file.startsWith(`${place.at}/`);
const allPlaces = LAYERS.flatMap((l) => placesOf(l).map((place) => ({ name: l.name, place })));
for (const dir of PRODUCT) {
  for (const full of sourceFiles(path.join(ROOT, dir))) {
    const file = path.relative(ROOT, full).split(path.sep).join('/');
    const owners = allPlaces.filter((p) => inPlace(file, p.place));
    // A single file inside a layer's folder belongs to the file's own layer.
    const own = owners.some((o) => o.place.kind === 'file')
      ? owners.filter((o) => o.place.kind === 'file')
      : owners;
    if (own.length !== 1) {
      fail(
        `${file} belongs to ${own.length === 0 ? 'no layer' : own.map((o) => o.name).join(' and ')}`,
      );
    }
  }
}

// --- The loop check finds a loop ----------------------------------------------------------------

const loopDir = mkdtempSync(path.join(os.tmpdir(), 'vidtube-loop-'));
try {
  writeFileSync(path.join(loopDir, 'a.ts'), "import { b } from './b.js';\nexport const a = b;\n");
  writeFileSync(
    path.join(loopDir, 'b.ts'),
    "import type { a } from './a.js';\nexport const b = 1;\n",
  );
  if (importCycles(sourceFiles(loopDir)).length !== 1) fail('the loop check misses a → b → a');
} finally {
  rmSync(loopDir, { recursive: true, force: true });
}

if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  if (diagramDiffers) {
    console.error(`\nA diagram that matches the table (paste into ${DOC}):\n${suggestedDiagram()}`);
  }
  process.exit(1);
}
console.log(
  `layers: ${LAYERS.length} layers as ${DOC} draws them; ${probes} probe imports refused or let through as the table says`,
);
