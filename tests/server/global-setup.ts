/**
 * Once per test run, before any server test file: builds the server bundle that the tests which
 * start a real server process run (test-server-bundle.ts), and migrates one in-memory database
 * and writes its dump to a temp file, which every test process then starts its databases from (helpers.ts).
 * Without it each of the ~140 test processes ran initdb and every migration itself (about 2 s
 * each); a process still makes its own template when this file is absent (a test run alone by
 * another runner). On TEST_DATABASE_URL's server it migrates one database instead, which every
 * app's fresh database is then a copy of (`create database … template`, helpers.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.js';
import { memoryTemplateNow } from '../../server/db/pglite-template.js';
import { buildServer } from '../../scripts/build-server.js';
import { freshTestDatabase } from './fresh-database.js';
import { TEST_SERVER_BUNDLE_DIR } from './test-server-bundle.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated in-memory database's dump, or '' when there is none. */
    pgliteTemplateFile: string;
    /** The migrated database on TEST_DATABASE_URL's server, or '' without one. */
    pgTemplateDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildServer(TEST_SERVER_BUNDLE_DIR);
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplateFile', '');
    const template = await freshTestDatabase();
    // The app's own migration, closed before any copy: a template must have no connection.
    await (await openDatabase({ databaseUrl: template.url, pgliteDir: '' })).close();
    project.provide('pgTemplateDatabase', new URL(template.url).pathname.slice(1));
    return template.drop;
  }
  project.provide('pgTemplateDatabase', '');
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.close();
  const template = memoryTemplateNow();
  if (!template) throw new Error('the first in-memory database made no template');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-template-'));
  const file = path.join(dir, 'pglite.tar');
  await writeFile(file, Buffer.from(await template.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  return () => rm(dir, { recursive: true, force: true });
}
