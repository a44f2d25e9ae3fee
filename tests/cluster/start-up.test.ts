/**
 * The multi-machine deployment, proven on `npm run cluster`'s topology (global-setup.ts): two API
 * replicas and a worker, each with its own DATA_DIR and network namespace, behind nginx (round
 * robin, no stickiness), sharing only PostgreSQL and the bucket. This file: the start itself.
 * Each check of the suite fails when the fix it guards is taken out (see the report of issue 24).
 */
import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { withCluster, rows, type TestCluster } from './harness.js';

let t: TestCluster;
withCluster((joined) => (t = joined));

it('brings both replicas up on an empty database, migrated once', async () => {
  const [api1, api2] = t.api;
  for (const base of [api1, api2, t.site]) {
    expect((await fetch(`${base}/api/v1/healthcheck`)).status).toBe(200);
  }
  const migrations = await rows<{ n: number }>(
    t.database,
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  const files = readdirSync('drizzle').filter((file) => file.endsWith('.sql'));
  expect(migrations[0]?.n).toBe(files.length);
  // Separate hosts, unless this machine cannot make namespaces (then a warning was printed).
  if (t.shared.isolated) expect(new URL(api1).hostname).not.toBe(new URL(api2).hostname);
});
