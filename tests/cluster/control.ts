/**
 * The cluster's processes belong to the suite's setup (global-setup.ts), but the test files stop
 * and start them: this is the small HTTP interface between the two, on the loopback. The setup
 * serves it (`serveControl`); a file drives a member through `remoteMember`, which has the same
 * `kill` and `start` as the setup's own.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Cluster, Exit, Member } from '../../scripts/cluster/cluster.js';
import type { SharedMember } from './settings.js';

export interface RemoteMember extends SharedMember {
  /** Sends `signal` and resolves once the process ended: how (undefined: it was not running). */
  kill(signal?: NodeJS.Signals): Promise<Exit | undefined>;
  /** Starts it (again); resolves once it is ready (a replica answers its health check). */
  start(): Promise<void>;
}

/** Serves the control of `cluster`'s members; resolves with its URL and its close. */
export async function serveControl(cluster: Cluster) {
  const members = new Map<string, Member>(
    [...cluster.replicas, cluster.worker].map((member) => [member.name, member]),
  );
  const server = http.createServer((request, response) => {
    void handle(request.url ?? '').then(
      (result) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(result ?? null));
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end((error as Error).message);
      },
    );
  });
  /** `/kill/<name>/<signal>`, `/start/<name>`, `/ensure` (starts every member not running). */
  const handle = async (url: string): Promise<unknown> => {
    const [, action, name, signal] = url.split('/');
    if (action === 'ensure') {
      for (const member of members.values()) if (member.pid === undefined) await member.start();
      return null;
    }
    const member = members.get(name ?? '');
    if (!member) throw new Error(`no member ${name}`);
    if (action === 'kill') return member.kill(signal as NodeJS.Signals);
    if (action === 'start') return member.start();
    throw new Error(`no action ${action}`);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function call(control: string, path: string): Promise<unknown> {
  const response = await fetch(`${control}${path}`, { method: 'POST' });
  const text = await response.text();
  if (!response.ok) throw new Error(`cluster control ${path}: ${text}`);
  return JSON.parse(text) as unknown;
}

/** Starts again any member a file before left stopped (a failed test), so each file starts whole. */
export async function ensureRunning(control: string): Promise<void> {
  await call(control, '/ensure');
}

export function remoteMember(control: string, member: SharedMember): RemoteMember {
  return {
    ...member,
    kill: async (signal = 'SIGTERM') =>
      ((await call(control, `/kill/${member.name}/${signal}`)) as Exit | null) ?? undefined,
    start: async () => {
      await call(control, `/start/${member.name}`);
    },
  };
}
