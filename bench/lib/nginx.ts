/**
 * nginx as the media baseline: one process (`master_process off`, `daemon off`, a child of the
 * bench) serving a folder with `sendfile on`, from a temporary config on a free port. Returns
 * null when nginx is not installed, so the bench can say so and go on without it.
 *
 * With `proxy`, the same process also listens on a second port as the balancer of `npm run
 * cluster -- --local-media`: it passes requests to an API server started with
 * MEDIA_ACCEL_REDIRECT with the cluster's own media locations (scripts/cluster/nginx.ts's
 * `mediaLocations`: checked by the API, sent by nginx), so the bench measures the configuration
 * the cluster runs.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  MEDIA_ACCEL_PREFIX,
  mediaHttpDirectives,
  mediaLocations,
} from '../../scripts/cluster/nginx.js';
import { freePort } from './server.js';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface Nginx {
  url: string;
  /** The balancer's URL in front of `proxy.upstream`, when asked for. */
  proxyUrl?: string;
  pid: number;
  stop(): Promise<void>;
}

export interface AccelProxy {
  /** The API server's `host:port` (started with MEDIA_ACCEL_REDIRECT=MEDIA_ACCEL_PREFIX). */
  upstream: string;
  /** Its DATA_DIR/media. */
  mediaRoot: string;
}

function proxyServer(dir: string, port: number, { upstream, mediaRoot }: AccelProxy): string {
  const toApi = `proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;`;
  return `
  ${mediaHttpDirectives(path.join(dir, 'media-checks'))}
  upstream api {
    server ${upstream};
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://api;
      ${toApi}
      proxy_buffering off;
    }
    ${mediaLocations({ prefix: MEDIA_ACCEL_PREFIX, root: mediaRoot }, 'api', toApi)}
  }`;
}

function configFor(
  dir: string,
  root: string,
  port: number,
  proxy?: { port: number } & AccelProxy,
): string {
  // Every temp path inside `dir`: the packaged defaults under /var/lib/nginx may not be writable.
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `  ${t}_temp_path ${path.join(dir, t)};`)
    .join('\n');
  return `daemon off;
master_process off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  default_type application/octet-stream;
${temps}
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }${proxy ? proxyServer(dir, proxy.port, proxy) : ''}
}
`;
}

/** Starts nginx serving `root` (the URL path is the path below root), or null when absent. */
export async function startNginx(root: string, proxy?: AccelProxy): Promise<Nginx | null> {
  if (!existsSync(NGINX_PATH)) return null;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-bench-nginx-'));
  const port = await freePort();
  const proxyPort = proxy ? await freePort() : undefined;
  const config = path.join(dir, 'nginx.conf');
  await writeFile(
    config,
    configFor(dir, root, port, proxy && proxyPort ? { port: proxyPort, ...proxy } : undefined),
  );
  const child = spawn(NGINX_PATH, ['-p', dir, '-c', config, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited at start: ${log.trim()}`);
    }
    try {
      await fetch(url);
      break; // any answer (404 for /) means it listens
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`nginx did not start: ${log.trim()}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  if (child.pid === undefined) throw new Error('no pid for nginx');
  const proxyUrl = proxyPort ? `http://127.0.0.1:${proxyPort}` : undefined;
  return { url, ...(proxyUrl ? { proxyUrl } : {}), pid: child.pid, stop };
}
