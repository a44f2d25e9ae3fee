/**
 * PostgreSQL for `npm run cluster`: the server DATABASE_URL names, or a cluster of Debian's
 * PostgreSQL made for the run (`pg_createcluster`, root only) and dropped when it stops. When the
 * hosts live in network namespaces, they reach it through a relay on the bridge's address, so
 * that PostgreSQL keeps listening on the machine's loopback only (and needs no pg_hba change).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';

export const CLUSTER_NAME = 'vidtube-cluster';

export interface Postgres {
  /** The URL as the machine itself reaches it. */
  url: string;
  /** Whether this run made the server (and drops it on stop). */
  owned: boolean;
}

function newestVersion(): string {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!newest)
    throw new Error(
      'PostgreSQL is not installed (apt-get install postgresql), or set DATABASE_URL',
    );
  return newest;
}

const asPostgres = (command: string) =>
  execFileSync('su', ['postgres', '-c', command], { stdio: ['ignore', 'ignore', 'pipe'] });

/** Drops the run's own PostgreSQL cluster, if there is one. */
export function dropPostgres(): void {
  try {
    execFileSync('pg_dropcluster', ['--stop', newestVersion(), CLUSTER_NAME], { stdio: 'ignore' });
  } catch {
    // none
  }
}

export function openPostgres(databaseUrl: string | undefined, port: number): Postgres {
  if (databaseUrl) return { url: databaseUrl, owned: false };
  if (process.getuid?.() !== 0) {
    throw new Error('npm run cluster makes its own PostgreSQL as root only: set DATABASE_URL');
  }
  const version = newestVersion();
  dropPostgres();
  execFileSync('pg_createcluster', [version, CLUSTER_NAME, '-p', String(port)], {
    stdio: 'ignore',
  });
  execFileSync('pg_ctlcluster', [version, CLUSTER_NAME, 'start'], { stdio: 'ignore' });
  asPostgres(`psql -p ${port} -qc "create user vidtube password 'vidtube' superuser"`);
  asPostgres(`createdb -p ${port} -O vidtube vidtube`);
  return { url: `postgres://vidtube:vidtube@127.0.0.1:${port}/vidtube`, owned: true };
}

/** Forwards TCP connections from `listenAddress`:`listenPort` to the server of `url`. */
export async function startRelay(url: string, listenAddress: string, listenPort: number) {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, listenAddress, resolve);
  });
  const relayed = new URL(url);
  relayed.hostname = listenAddress;
  relayed.port = String(listenPort);
  return {
    url: relayed.toString(),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
