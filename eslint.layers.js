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
 * @property {string} [door]      the one file of the layer's folder other layers may import
 * @property {{files: string[], imports: string[]}} [edge] files of the folder (globs of names)
 *   that may also import `imports`
 */

/** What every server domain may use: the plumbing below the domains (never server/http). */
const PLUMBING = [
  'contract',
  'server base',
  'server errors',
  'server config',
  'server/db',
  'server/events',
  'server/storage',
  'server/jobs',
  'server context',
  'server/media',
  'server/auth',
  'server/mail',
];

/** The server's domains, bottom up: a domain may import only domains above it in this list. */
const DOMAINS = [
  'accounts',
  'notifications',
  'tweets',
  'dashboard',
  'processing',
  'videos',
  'history',
  'playlists',
  'uploads',
  'live',
  'feed',
  'channels',
  'comments',
  'syndication',
  'captions',
];

/**
 * A server domain: one folder, whose index.ts is its only door for every other layer, which
 * imports the plumbing and the domains it names, and whose HTTP edge (its `*.routes.ts` and
 * `*.http.ts` files, the routes and the tus and cache adapters) alone imports server/http.
 */
function domain(name, domains) {
  return {
    name: `server/${name}`,
    paths: [`server/${name}`],
    door: 'index.ts',
    edge: { files: EDGE_FILES, imports: ['server/http'] },
    imports: [...PLUMBING, ...domains.map((d) => `server/${d}`)],
  };
}

/** The files of a domain that make its HTTP edge. */
export const EDGE_FILES = ['*.routes.ts', '*.http.ts'];

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
  {
    name: 'server errors',
    paths: ['server/errors.ts', 'server/input-problems.ts'],
    imports: ['contract'],
  },
  { name: 'server/db', paths: ['server/db'], imports: ['server base'] },
  { name: 'server/events', paths: ['server/events'], imports: ['server base', 'server/db'] },
  {
    name: 'server config',
    paths: ['server/config.ts', 'server/config-s3.ts', 'server/settings.ts'],
    imports: ['contract', 'server base', 'server/db'],
  },
  { name: 'server/storage', paths: ['server/storage'], imports: ['server config', 'server/db'] },
  { name: 'server/jobs', paths: ['server/jobs'], imports: ['server config', 'server/db'] },
  {
    name: 'server context',
    paths: ['server/context.ts'],
    imports: ['server config', 'server/db', 'server/events', 'server/storage', 'server/jobs'],
  },
  {
    name: 'server/media',
    paths: ['server/media'],
    imports: [
      'contract',
      'server base',
      'server errors',
      'server/db',
      'server/storage',
      'server context',
    ],
  },
  {
    name: 'server/auth',
    paths: ['server/auth'],
    imports: ['contract', 'server errors', 'server/db'],
  },
  { name: 'server/mail', paths: ['server/mail'], imports: ['server config'] },
  {
    name: 'server/http',
    paths: ['server/http'],
    imports: [
      'contract',
      'server base',
      'server errors',
      'server config',
      'server/storage',
      'server context',
      'server/media',
    ],
  },
  domain('accounts', []),
  domain('notifications', ['accounts']),
  domain('tweets', ['accounts']),
  domain('dashboard', []),
  domain('processing', ['notifications']),
  domain('videos', ['accounts', 'notifications', 'processing']),
  domain('history', ['videos']),
  domain('playlists', ['accounts', 'videos']),
  domain('uploads', ['accounts', 'videos']),
  domain('live', ['videos']),
  domain('feed', ['processing', 'videos']),
  domain('channels', ['accounts', 'notifications']),
  domain('comments', ['accounts', 'notifications', 'tweets', 'videos']),
  domain('syndication', []),
  domain('captions', ['processing', 'videos']),
  {
    name: 'server/maintenance',
    paths: ['server/maintenance'],
    imports: [...PLUMBING, 'server/accounts', 'server/processing'],
  },
  {
    name: 'server/pages',
    paths: ['server/pages'],
    imports: [
      'contract',
      'server context',
      'server/media',
      'server/auth',
      'server/http',
      'server/videos',
      'server/feed',
      'server/syndication',
    ],
  },
  { name: 'server/seed', paths: ['server/seed'], imports: [...PLUMBING, 'server/videos'] },
  {
    name: 'server shell',
    paths: [
      'server/app.ts',
      'server/request-turns.ts',
      'server/app-context.ts',
      'server/job-table.ts',
      'server/missing-reference.ts',
      'server/main.ts',
      'server/worker.ts',
      'server/start-up.ts',
      'server/first-start.ts',
      'server/first-start-child.ts',
      'server/seed/cli.ts',
    ],
    imports: [
      ...PLUMBING,
      'server/http',
      ...DOMAINS.map((name) => `server/${name}`),
      'server/maintenance',
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

/**
 * The expression that matches a specifier, written in `fromDir`, that reaches a file of `place`
 * other than its door (a folder layer's index.ts).
 */
function pastDoorRegex(fromDir, place, door) {
  const rel = path.posix.relative(fromDir, place.at);
  const start = rel.startsWith('..') ? `^${escape(rel)}` : `^\\./${escape(rel)}`;
  const name = escape(door.replace(/\.[jt]sx?$/, ''));
  return `${start}/(?!${name}(\\.[jt]sx?)?$)`;
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
      // Layers this one may import, but only through their door.
      const doors = LAYERS.filter((t) => t.door && layer.imports.includes(t.name)).flatMap((t) =>
        placesOf(t).map((p) => ({ name: t.name, place: p, door: t.door })),
      );
      for (const [files, dir] of sourcesOf(place)) {
        const walls = (targets) => [
          ...(layer.packages ?? []),
          ...targets.map((target) => ({
            regex: reachRegex(dir, target.place),
            message: `${place.sibling ? place.at : layer.name} may not import ${target.name} (docs/architecture.md, Layers).`,
          })),
          ...doors.map((target) => ({
            regex: pastDoorRegex(dir, target.place, target.door),
            message: `${target.name} is imported through its ${target.door} only (docs/architecture.md, Layers).`,
          })),
        ];
        const edgeFiles =
          layer.edge && place.kind === 'folder'
            ? layer.edge.files.map((name) => files.replace(/[^/]*$/, name))
            : [];
        const ignores = place.kind === 'file' ? [] : singleFiles.map((f) => f.at);
        configs.push({
          files: [files],
          ignores: [...ignores, ...edgeFiles],
          rules: { 'no-restricted-imports': ['error', { patterns: walls(forbidden) }] },
        });
        if (edgeFiles.length > 0) {
          const edgeMay = forbidden.filter((t) => !layer.edge.imports.includes(t.name));
          configs.push({
            files: edgeFiles,
            ignores,
            rules: { 'no-restricted-imports': ['error', { patterns: walls(edgeMay) }] },
          });
        }
      }
    }
  }
  return configs;
}
