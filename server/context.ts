import path from 'node:path';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import type { AppContext } from './http/types.js';
import { LocalDiskStorage } from './storage/local-disk.js';

/** Opens the database and storage that `config` describes. */
export async function createContext(
  config: Config,
): Promise<{ ctx: AppContext; database: Database }> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  const storage = new LocalDiskStorage(path.join(config.dataDir, 'media'));
  return { ctx: { config, db: database.db, storage }, database };
}
