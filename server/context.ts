/**
 * The shared infrastructure every route module and service receives: configuration, database,
 * media storage and the folder for in-flight uploads. Created once at start (server/main.ts, and
 * the test harness through the same function) and handed down.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import type { PreparedStatements } from './db/prepared.js';
import type { EventBus } from './events/event-bus.js';
import { openEventBus } from './events/open-event-bus.js';
import { serializeError } from './http/logging.js';
import { openJobQueue, type JobQueue } from './jobs/queue.js';
import { FeedCache } from './feed/feed-cache.js';
import { followFeedChanges } from './feed/feed-changes.js';
import { MediaJournal, dataDirWriter } from './processing/media-journal.js';
import { SearchStatistics } from './feed/search-density.js';
import { EMBEDDED_VIEWS_PER_STATEMENT, ViewCounter } from './videos/view-counter.js';
import { openStorage } from './storage/open-storage.js';
import type { MediaStorage } from './storage/storage.js';

export interface AppContext {
  config: Config;
  db: Db;
  /** The hottest reads, prepared once on `db` (db/prepared.ts). */
  statements: PreparedStatements;
  /** The planner's statistics of `db`'s search document (feed/search-density.ts). */
  searchStats: SearchStatistics;
  storage: MediaStorage;
  /**
   * In-flight uploads and processing. On the same disk as local media, so storing a finished
   * file is a rename; with S3 the finished file is uploaded from here.
   */
  tmpDir: string;
  /** Counted views waiting to be written (flushed every VIEW_FLUSH_MS and on the app's close). */
  viewCounter: ViewCounter;
  /** Background jobs (job-table.ts lists them), stored in the same database. */
  jobs: JobQueue;
  /**
   * Public feed pages as `GET /videos` sends them (serialized envelopes), for FEED_CACHE_MS;
   * writes on any replica clear it (feed/feed-changes.ts).
   */
  feedCache: FeedCache<string>;
  /** Keys of media files in flight, so a start after a crash removes exactly its orphans. */
  journal: MediaJournal;
  /**
   * Events between processes sharing the database (events/event-bus.ts): a write here that
   * another replica or a live page must hear about.
   */
  events: EventBus;
}

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
  // Writes on any replica clear this one's pages (feed/feed-changes.ts).
  followFeedChanges(events, feedCache);
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
    journal: new MediaJournal(opened.db, journalWriter),
    events,
  };
  return { ctx, database };
}
