/**
 * Once per run of the cluster suite, before its first file: `npm run cluster`'s topology over a
 * fresh database on TEST_DATABASE_URL's server (or a PostgreSQL cluster of its own without it).
 * Every file uses this one cluster, one after the other (the project runs no two files at once):
 * starting it takes a good part of a file's time. A file that stops a process starts it again,
 * and each file's harness starts whatever a failed file left stopped (control.ts), so the files
 * pass in any order and alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEFAULT_BASE_PORT, startCluster } from '../../scripts/cluster/cluster.js';
import { freshTestDatabase } from '../server/fresh-database.js';
import { serveControl } from './control.js';
import { CLUSTER_ENV } from './settings.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const fresh = process.env.TEST_DATABASE_URL ? await freshTestDatabase() : undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-cluster-test-'));
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  try {
    cluster = await startCluster({
      dir,
      databaseUrl: fresh?.url,
      basePort: Number(process.env.CLUSTER_BASE_PORT ?? DEFAULT_BASE_PORT),
      env: CLUSTER_ENV,
      log: (line) => console.warn(line),
    });
  } catch (error) {
    // startCluster stopped what it started; the logs stay for the failure's message.
    await fresh?.drop();
    throw error;
  }
  const control = await serveControl(cluster);
  const member = ({ name, url, logFile }: { name: string; url?: string; logFile: string }) => ({
    name,
    ...(url ? { url } : {}),
    logFile,
  });
  project.provide('cluster', {
    url: cluster.url,
    replicas: cluster.replicas.map(member),
    worker: member(cluster.worker),
    databaseUrl: cluster.databaseUrl,
    bucketEndpoint: cluster.bucketEndpoint,
    balancerErrorLog: cluster.balancerErrorLog,
    isolated: cluster.network.isolated,
    dir,
    control: control.url,
  });
  return async () => {
    await control.close();
    await cluster.stop();
    await fresh?.drop();
    await rm(dir, { recursive: true, force: true });
  };
}
