/**
 * The shared infrastructure every route module and service receives: configuration, database,
 * media storage and the folder for in-flight uploads. Created once at start (server/main.ts, and
 * the test harness through the same function) and handed down.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { openStorage } from './storage/open-storage.js';
import type { MediaStorage } from './storage/storage.js';

export interface AppContext {
  config: Config;
  db: Db;
  storage: MediaStorage;
  /**
   * In-flight uploads and processing. On the same disk as local media, so storing a finished
   * file is a rename; with S3 the finished file is uploaded from here.
   */
  tmpDir: string;
}

export interface ContextOptions {
  /** Where PGlite keeps its files; tests pass 'memory://'. Default: DATA_DIR/pglite. */
  pgliteDir?: string;
}

/** Opens the database and storage that `config` describes and creates the temp folder. */
export async function createContext(
  config: Config,
  { pgliteDir = path.join(config.dataDir, 'pglite') }: ContextOptions = {},
): Promise<{ ctx: AppContext; database: Database }> {
  // Storage first: an unreachable bucket then stops the start before a database is opened.
  const storage = await openStorage(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir });
  const tmpDir = path.join(config.dataDir, 'tmp');
  await mkdir(tmpDir, { recursive: true });
  return { ctx: { config, db: database.db, storage, tmpDir }, database };
}
