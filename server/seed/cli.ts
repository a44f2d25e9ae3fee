/**
 * `npm run seed`: creates the demo content when the database is empty (as the server does on first
 * start), and with `--videos N` adds N synthetic catalogue videos for benchmarks. Works on the
 * database of DATA_DIR / DATABASE_URL, like the server. `--vacuum` ends with VACUUM (ANALYZE):
 * the bench's cached datasets use it after a migration rewrote their rows, since a bench server
 * never lives the hour after which the embedded database vacuums itself. Stop the server first
 * when it uses the embedded database: PGlite allows one process per data folder.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config.js';
import { createContext } from '../app-context.js';
import { prepareStart } from '../start-up.js';
import { addCatalogueVideos } from './catalogue.js';
import { seedDemoIfEmpty, type SeedLog } from './index.js';

const USAGE = 'usage: npm run seed [-- --videos N] [--vacuum]';

function parseCount(value: string | undefined): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0 || n > 10_000_000) {
    throw new Error(`--videos must be a whole number from 0 to 10000000\n${USAGE}`);
  }
  return n;
}

const { values } = parseArgs({
  options: {
    videos: { type: 'string' },
    vacuum: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const count = parseCount(values.videos);

const log: SeedLog = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(`warning: ${message}`),
};
const config = loadConfigOrExit();
// A writer of its own in the media journal: a server starting on the same DATA_DIR meanwhile must
// not take this run's files in flight for a crashed run of its own.
const { ctx, database } = await createContext(config, {
  journalWriter: `seed-${randomBytes(8).toString('hex')}`,
});
try {
  await prepareStart(ctx);
  log.info(`database: ${database.kind}${config.databaseUrl ? '' : ` in ${config.dataDir}`}`);
  const demo = await seedDemoIfEmpty(ctx, log);
  if (!demo.seeded) log.info('the database already has users: demo content left as it is');
  if (count > 0) {
    const { inserted, ms } = await addCatalogueVideos(ctx, count, log);
    log.info(`added ${inserted} catalogue videos in ${(ms / 1000).toFixed(1)} s`);
  }
  if (values.vacuum) {
    const started = performance.now();
    await ctx.db.execute(sql`vacuum (analyze)`);
    log.info(`vacuumed and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await database.close();
}
