/**
 * What every domain receives: the process's infrastructure, declared here, below the domains,
 * from plumbing types only. A domain that needs more (the view counter, the feed cache) declares its
 * own context as this plus what it uses (videos/videos-context.ts, feed/feed-context.ts), and a
 * function takes the narrowest of these it needs. The one object that satisfies them all is built
 * at the entry points (app-context.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { PreparedStatements } from './db/prepared.js';
import type { EventBus } from './events/event-bus.js';
import type { JobQueue } from './jobs/queue.js';
import type { MediaJournal } from './storage/media-journal.js';
import type { MediaStorage } from './storage/storage.js';

/** What changed on public feed and search pages, for logs and listeners (feed/feed-changes.ts). */
export interface FeedChange {
  videoId?: string;
  userId?: string;
}

export interface ServerContext {
  config: Config;
  db: Db;
  /** The hottest reads, prepared once on `db` (db/prepared.ts). */
  statements: PreparedStatements;
  storage: MediaStorage;
  /**
   * In-flight uploads and processing. On the same disk as local media, so storing a finished
   * file is a rename; with S3 the finished file is uploaded from here.
   */
  tmpDir: string;
  /** Keys of media files in flight, so a start after a crash removes exactly its orphans. */
  journal: MediaJournal;
  /** Background jobs (job-table.ts lists them), stored in the same database. */
  jobs: JobQueue;
  /**
   * Events between processes sharing the database (events/event-bus.ts): a write here that
   * another replica or a live page must hear about.
   */
  events: EventBus;
  /**
   * A write changed what public feed and search pages show: this replica's cached pages go at
   * once and every other replica hears of it (feed/feed-changes.ts). Writers in any domain call
   * it without knowing the feed.
   */
  feedChanged(change: FeedChange, log: FastifyBaseLogger): Promise<void>;
}
