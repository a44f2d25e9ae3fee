/**
 * The first start of an embedded database, in a child process of the server (first-start.ts):
 * creates the database (PGlite's initdb), applies the migrations and, with SEED_DEMO, makes the
 * demo content, then exits. The server then opens a finished database. Run in the server's own
 * process, this work left ≈ 50 MB of freed memory in glibc's arenas for good, and PGlite's initdb
 * needs a second 128 MB WebAssembly instance; a process that exits gives all of it back.
 */
import pino from 'pino';
import { loadConfigOrExit } from './config.js';
import { createContext } from './app-context.js';
import { loggerOptions } from './http/logging.js';
import { seedDemoIfEmpty } from './seed/index.js';
import { prepareStart } from './start-up.js';

const config = loadConfigOrExit();
const log = pino(loggerOptions(config.logLevel));
const { ctx, database } = await createContext(config);
try {
  await prepareStart(ctx);
  // The server started next prints the demo accounts (once per start).
  if (config.seedDemo) await seedDemoIfEmpty(ctx, log, { printAccounts: false });
} finally {
  await database.close();
}
