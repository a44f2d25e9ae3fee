/**
 * A new empty database on TEST_DATABASE_URL's server, for the server suites (helpers.ts) and
 * the cluster suite's setup, which runs outside a test file and so cannot import helpers.ts.
 */
import { randomBytes } from 'node:crypto';

/**
 * One per call, so suites run in parallel and start empty: a copy of `template` (a migrated
 * database, global-setup.ts) when given, else one with no table, which the app then migrates.
 */
export async function freshTestDatabase(
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `vidtube_t_${randomBytes(6).toString('hex')}`;
  const { default: pg } = await import('pg');
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
