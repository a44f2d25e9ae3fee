/**
 * The composition of a process: opens the database, job queue, event bus and storage that the
 * configuration describes, creates the temp folder, and builds the domains' long-lived parts (the
 * view counter, the feed cache, the media journal) into the one context every route, page, job and
 * service is handed. Called by the entry points (main.ts, worker.ts, seed/cli.ts, first starts)
 * and the test harness.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { openEventBus } from './events/open-event-bus.js';
import { serializeError } from './http/logging.js';
import { openJobQueue } from './jobs/queue.js';
import { FeedCache } from './feed/index.js';
import { announceFeedChange, followFeedChanges } from './feed/index.js';
import type { FeedContext } from './feed/index.js';
import type { VideosContext } from './videos/index.js';
import { MediaJournal, dataDirWriter } from './storage/media-journal.js';
import { SearchLog, SearchStatistics } from './feed/index.js';
import { EMBEDDED_VIEWS_PER_STATEMENT, ViewCounter } from './videos/index.js';
import { openStorage } from './storage/open-storage.js';

/**
 * The one context object of a process: the infrastructure every domain receives (context.ts) and
 * what single domains add. Every domain's own context type is a part of it.
 */
export interface AppContext extends VideosContext, FeedContext {}

export interface ContextOptions {
  /** Where PGlite keeps its files; tests pass 'memory://'. Default: DATA_DIR/pglite. */
  pgliteDir?: string;
  /** Run the job queue's maintenance here (a process that also works jobs). */
  superviseJobs?: boolean;
  /**
   * This process in the media journal. Default: the server of DATA_DIR, one id across restarts
   * (one server process per DATA_DIR). `npm run worker` processes, which may share a DATA_DIR
   * with a server or with each other, pass an id of their own.
   */
  journalWriter?: string;
}

/**
 * Opens the database, job queue and storage that `config` describes and creates the temp folder.
 * The returned `database.close()` stops the job queue first.
 */
export async function createContext(
  config: Config,
  {
    pgliteDir = path.join(config.dataDir, 'pglite'),
    superviseJobs = false,
    journalWriter = dataDirWriter(config.dataDir),
  }: ContextOptions = {},
): Promise<{ ctx: AppContext; database: Database }> {
  // Storage first: an unreachable bucket then stops the start before a database is opened.
  const storage = await openStorage(config);
  const opened = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir,
    pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
    poolSize: config.databasePoolSize,
  });
  // The queues themselves are declared from the job table by prepareStart (start-up.ts).
  const jobs = await openJobQueue(opened, { supervise: superviseJobs });
  const events = await openEventBus(opened, config.databaseUrl);
  const tmpDir = path.join(config.dataDir, 'tmp');
  await mkdir(tmpDir, { recursive: true });
  const viewCounter = new ViewCounter(opened.db, {
    intervalMs: config.viewFlushMs,
    viewsPerStatement: opened.kind === 'pglite' ? EMBEDDED_VIEWS_PER_STATEMENT : undefined,
    // Logged like a failed request: the SQL and the error code, never the parameter values.
    onError: (error) =>
      console.error(
        JSON.stringify({ msg: 'counted views not written yet', err: serializeError(error) }),
      ),
  });
  const database: Database = {
    ...opened,
    async close() {
      await jobs.stop();
      await events.close();
      await opened.close();
    },
  };
  const feedCache = new FeedCache<string>(config.feedCacheMs);
  const suggestionsCache = new FeedCache<string>(config.suggestionsCacheMs);
  const publicCaches = [feedCache, suggestionsCache];
  // Writes on any replica clear this one's pages and suggestions (feed/feed-changes.ts).
  followFeedChanges(events, publicCaches);
  const ctx: AppContext = {
    config,
    db: opened.db,
    statements: opened.statements,
    searchStats: new SearchStatistics(opened.db),
    storage,
    tmpDir,
    viewCounter,
    jobs,
    feedCache,
    suggestionsCache,
    searchLog: new SearchLog(opened.db, {
      onError: (error) =>
        console.error(
          JSON.stringify({ msg: 'searched queries not written', err: serializeError(error) }),
        ),
    }),
    journal: new MediaJournal(opened.db, journalWriter),
    events,
    feedChanged: (change, log) => announceFeedChange({ caches: publicCaches, events }, change, log),
  };
  return { ctx, database };
}
