/**
 * `npm run cluster`: the multi-machine deployment on one machine (cluster.ts says what runs), until
 * Ctrl-C, which stops every process and removes the namespaces and the run's own PostgreSQL.
 * `npm run cluster -- --stop` stops a run started elsewhere (another terminal, or in the
 * background); `--loopback` skips the network namespaces; `--local-media` keeps media in one
 * folder of the run that nginx sends from (X-Accel-Redirect) instead of the bucket. DATABASE_URL reuses a PostgreSQL
 * server instead of making one; CLUSTER_DIR (default: the temp folder's vidtube-cluster) holds
 * the run; CLUSTER_BASE_PORT (default 26000) moves every port.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_BASE_PORT,
  HOST_NAMES,
  portsFrom,
  removeRunFolder,
  startCluster,
} from './cluster.js';
import { removeNetwork } from './network.js';

const dir = process.env.CLUSTER_DIR ?? path.join(os.tmpdir(), 'vidtube-cluster');
const pidFile = path.join(dir, 'controller.pid');
const args = new Set(process.argv.slice(2));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

if (args.has('--stop')) {
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : 0;
  if (pid && alive(pid)) {
    process.kill(pid, 'SIGINT');
    while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 200));
    console.log('cluster stopped');
  } else {
    // The controller died without cleaning up (SIGKILL): remove what outlives a process.
    removeNetwork(HOST_NAMES);
    console.log('no cluster running; leftover namespaces removed');
  }
  process.exit(0);
}

const ports = portsFrom(Number(process.env.CLUSTER_BASE_PORT ?? DEFAULT_BASE_PORT));
console.log(`starting the cluster in ${dir} …`);
const cluster = await startCluster({
  dir,
  databaseUrl: process.env.DATABASE_URL,
  basePort: ports.base,
  loopback: args.has('--loopback'),
  media: args.has('--local-media') ? 'local' : 'bucket',
});
writeFileSync(pidFile, String(process.pid));
const where = cluster.network.isolated ? 'own network namespace' : 'loopback';
console.log(
  [
    '',
    'VidTube cluster ready',
    `  site (nginx, round robin, no stickiness): ${cluster.url}`,
    ...cluster.replicas.map((r) => `  ${r.name} (${where}): ${r.url}  log ${r.logFile}`),
    `  worker (${where}): log ${cluster.worker.logFile}`,
    `  PostgreSQL: ${cluster.databaseUrl}`,
    cluster.mediaDir
      ? `  media (sent by nginx): ${cluster.mediaDir}`
      : `  bucket (s3rver): ${cluster.bucketEndpoint}/vidtube`,
    `  nginx: port ${ports.balancer}, files in ${path.join(dir, 'nginx')}`,
    'Ctrl-C (or npm run cluster -- --stop) stops everything.',
  ].join('\n'),
);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('stopping the cluster …');
  await cluster.stop();
  rmSync(pidFile, { force: true });
  if (!process.env.CLUSTER_KEEP) removeRunFolder(dir);
  console.log('stopped');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
