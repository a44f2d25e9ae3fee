/**
 * The layers of docs/architecture.md ("Layers") as data, and the lint walls made from it: for
 * each layer, core ESLint's `no-restricted-imports` refuses a relative import that reaches any
 * layer it may not import. scripts/check-layers.ts (in `npm run check`) proves that these walls
 * and the drawing say exactly the same thing, pair by pair.
 *
 * A layer is folders, single files, or every file directly in a folder (`files: 'src/*'`). A
 * folder ending in `/*` stands for each of its subfolders as a layer of its own, none of which may
 * import another (the features). tests/, bench/, scripts/ and the config files at the top are
 * tools: they may import any layer, and no layer may import them.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {object} Layer
 * @property {string} name        as the drawing names it
 * @property {string[]} paths     folders, files (with extension), or `dir/*` (its subfolders)
 * @property {string[]} [loose]   folders whose files directly inside belong to this layer
 * @property {string[]} imports   names of the layers it may import
 * @property {object[]} [packages] extra `no-restricted-imports` patterns (npm packages)
 */

/** @type {Layer[]} */
export const LAYERS = [
  { name: 'contract', paths: ['contract'], imports: [] },
  {
    name: 'machines',
    paths: ['machines'],
    imports: ['contract'],
    packages: [
      {
        regex: '^(react|react-dom|@xstate/react|axios)(/|$)',
        message: 'Machines hold no React and no HTTP: attach real actors with provide().',
      },
    ],
  },
  { name: 'src/media', paths: ['src/media'], imports: ['machines'] },
  { name: 'src/api', paths: ['src/api'], imports: ['contract', 'machines', 'src/media'] },
  { name: 'src/ui', paths: ['src/ui'], imports: ['contract', 'machines'] },
  {
    name: 'src/*',
    paths: [],
    loose: ['src'],
    imports: ['contract', 'machines', 'src/api', 'src/ui'],
  },
  {
    name: 'src/components',
    paths: ['src/components'],
    imports: ['contract', 'machines', 'src/api', 'src/ui', 'src/*'],
  },
  {
    name: 'src/features/*',
    paths: ['src/features/*'],
    imports: ['contract', 'machines', 'src/api', 'src/ui', 'src/*', 'src/components'],
  },
  {
    name: 'src/layout',
    paths: ['src/layout'],
    imports: ['contract', 'machines', 'src/api', 'src/ui', 'src/*', 'src/components'],
  },
  {
    name: 'src/pages',
    paths: ['src/pages'],
    imports: [
      'contract',
      'machines',
      'src/api',
      'src/ui',
      'src/*',
      'src/components',
      'src/features/*',
    ],
  },
  {
    name: 'src/app',
    paths: ['src/app'],
    imports: [
      'contract',
      'machines',
      'src/api',
      'src/ui',
      'src/*',
      'src/components',
      'src/features/*',
      'src/layout',
      'src/pages',
    ],
  },
  { name: 'server base', paths: ['server/app-root.ts', 'server/crash-point.ts'], imports: [] },
  { name: 'server/db', paths: ['server/db'], imports: ['server base'] },
  { name: 'server/events', paths: ['server/events'], imports: ['server base', 'server/db'] },
  {
    name: 'server config',
    paths: ['server/config.ts', 'server/config-s3.ts', 'server/settings.ts'],
    imports: ['contract', 'server base', 'server/db'],
  },
  { name: 'server/storage', paths: ['server/storage'], imports: ['server config'] },
  {
    name: 'server/http',
    paths: ['server/http'],
    imports: ['contract', 'server base', 'server config', 'server/storage'],
  },
  { name: 'server/media', paths: ['server/media'], imports: ['server/http'] },
  {
    name: 'server/auth',
    paths: ['server/auth'],
    imports: ['contract', 'server/db', 'server/http'],
  },
  {
    name: 'server/services',
    paths: ['server/services'],
    imports: [
      'contract',
      'server base',
      'server config',
      'server context',
      'server/db',
      'server/events',
      'server/storage',
      'server/http',
      'server/media',
      'server/auth',
    ],
  },
  {
    name: 'server context',
    paths: ['server/context.ts', 'server/http/app-types.ts'],
    imports: [
      'server config',
      'server/db',
      'server/events',
      'server/storage',
      'server/http',
      'server/services',
      'server jobs',
    ],
  },
  {
    name: 'server jobs',
    paths: ['server/jobs', 'server/maintenance'],
    imports: [
      'server base',
      'server config',
      'server context',
      'server/db',
      'server/events',
      'server/storage',
      'server/media',
      'server/services',
    ],
  },
  {
    name: 'server/routes',
    paths: ['server/routes'],
    imports: [
      'contract',
      'server context',
      'server/events',
      'server/http',
      'server/auth',
      'server/services',
    ],
  },
  {
    name: 'server/pages',
    paths: ['server/pages'],
    imports: [
      'contract',
      'server context',
      'server/events',
      'server/http',
      'server/auth',
      'server/services',
    ],
  },
  {
    name: 'server/seed',
    paths: ['server/seed'],
    imports: [
      'server base',
      'server config',
      'server context',
      'server/db',
      'server/events',
      'server/media',
      'server/auth',
      'server/services',
    ],
  },
  {
    name: 'server shell',
    paths: [
      'server/app.ts',
      'server/main.ts',
      'server/worker.ts',
      'server/start-up.ts',
      'server/first-start.ts',
      'server/first-start-child.ts',
      'server/seed/cli.ts',
    ],
    imports: [
      'contract',
      'server base',
      'server config',
      'server context',
      'server/db',
      'server/events',
      'server/storage',
      'server/http',
      'server/media',
      'server/auth',
      'server/services',
      'server jobs',
      'server/routes',
      'server/pages',
      'server/seed',
    ],
  },
];

/** Folders whose code is a tool of the project, not part of the product. */
export const TOOLS = ['tests', 'bench', 'scripts'];

const ROOT = import.meta.dirname;
const isFile = (p) => path.extname(p) !== '';
const subfolders = (dir) =>
  readdirSync(path.join(ROOT, dir)).filter((name) =>
    statSync(path.join(ROOT, dir, name)).isDirectory(),
  );

/** The places of a layer, each a folder, a file or a loose folder, `dir/*` expanded. */
export function placesOf(layer) {
  const places = layer.paths.flatMap((p) =>
    p.endsWith('/*')
      ? subfolders(p.slice(0, -2)).map((name) => ({
          kind: 'folder',
          at: `${p.slice(0, -2)}/${name}`,
          sibling: true,
        }))
      : [{ kind: isFile(p) ? 'file' : 'folder', at: p }],
  );
  return [...places, ...(layer.loose ?? []).map((at) => ({ kind: 'loose', at }))];
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The expression that matches a specifier, written in `fromDir`, that reaches `place`. */
function reachRegex(fromDir, place) {
  const rel = path.posix.relative(fromDir, place.at.replace(/\.[jt]sx?$/, ''));
  const start = rel.startsWith('..') ? `^${escape(rel)}` : `^\\./${escape(rel)}`;
  const upTo = rel === '' ? '^\\./' : `${start}/`;
  if (place.kind === 'file') return `${start}(\\.[jt]sx?)?$`;
  if (place.kind === 'loose') return `${upTo}[^/]+$`;
  return `${start}(/|$)`;
}

/** Up to this many folders below a layer's folder get a rule (the deepest has 2). */
const MAX_DEPTH = 4;
const SOURCE = '{ts,tsx,js}';

/** The source files of a place, per depth: [glob, the folder a file at that depth sits in]. */
function sourcesOf(place) {
  if (place.kind === 'file') return [[place.at, path.posix.dirname(place.at)]];
  if (place.kind === 'loose') return [[`${place.at}/*.${SOURCE}`, place.at]];
  return Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => {
    const dirs = Array.from({ length: depth }, (_, i) => `d${i}`);
    return [
      `${[place.at, ...dirs.map(() => '*')].join('/')}/*.${SOURCE}`,
      // The folder names do not matter, only how deep they are.
      [place.at, ...dirs].join('/'),
    ];
  });
}

/** Files claimed by a single-file layer are left out of the folder layers that hold them. */
const singleFiles = LAYERS.flatMap((l) => placesOf(l).filter((p) => p.kind === 'file'));

/** ESLint config objects: one `no-restricted-imports` per layer place and depth. */
export function layerWalls() {
  const names = new Set(LAYERS.map((l) => l.name));
  if (names.size !== LAYERS.length) throw new Error('eslint.layers.js: two layers share a name');
  for (const layer of LAYERS) {
    const unknown = layer.imports.filter((name) => !names.has(name));
    if (unknown.length > 0) {
      throw new Error(
        `eslint.layers.js: ${layer.name} imports unknown layers ${unknown.join(', ')}`,
      );
    }
  }
  const configs = [];
  for (const layer of LAYERS) {
    const places = placesOf(layer);
    for (const place of places) {
      const forbidden = LAYERS.filter((t) => t !== layer && !layer.imports.includes(t.name))
        .flatMap((t) => placesOf(t).map((p) => ({ name: t.name, place: p })))
        // Siblings of a `dir/*` layer are walled off from each other.
        .concat(
          places
            .filter((p) => p.sibling && place.sibling && p !== place)
            .map((p) => ({ name: p.at, place: p })),
        )
        .concat(TOOLS.map((at) => ({ name: at, place: { kind: 'folder', at } })));
      for (const [files, dir] of sourcesOf(place)) {
        const patterns = forbidden.map((target) => ({
          regex: reachRegex(dir, target.place),
          message: `${place.sibling ? place.at : layer.name} may not import ${target.name} (docs/architecture.md, Layers).`,
        }));
        configs.push({
          files: [files],
          ignores: place.kind === 'file' ? [] : singleFiles.map((f) => f.at),
          rules: {
            'no-restricted-imports': [
              'error',
              { patterns: [...(layer.packages ?? []), ...patterns] },
            ],
          },
        });
      }
    }
  }
  return configs;
}
