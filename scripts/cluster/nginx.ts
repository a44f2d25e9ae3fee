/**
 * The balancer of `npm run cluster`: Debian's nginx, round robin over the API replicas with no
 * stickiness (no ip_hash, no cookie), so every request may land on any replica. A replica that
 * refuses the connection, times out or answers 502/503 is skipped for an idempotent request
 * (GET, HEAD, PUT, DELETE, OPTIONS: nginx's `proxy_next_upstream` never retries POST, PATCH or
 * LOCK unless told `non_idempotent`, which we do not), so losing a replica fails no read. Request
 * bodies stream through unbuffered (a tus PATCH of gigabytes goes straight to a replica), and the
 * replicas' own limits apply, not nginx's.
 *
 * The live-events stream (GET /api/v1/events, Server-Sent Events) has a location of its own:
 * nothing buffered (each message goes out as the replica writes it), and a read timeout of three
 * heartbeats (LIVE_HEARTBEAT_MS): a healthy stream is never idle that long, and a replica that
 * went silent without closing (a lost machine) lets go of its clients within it. `X-Served-By`
 * names the replica that answered (nginx's $upstream_addr), so a test can tell where a request
 * went; a public balancer would not show its upstreams.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Upstream {
  address: string;
  port: number;
}

export interface NginxOptions {
  /** Folder for its configuration, pid, log and temp files. */
  dir: string;
  /** Addresses it listens on, all with `port`. */
  listen: string[];
  port: number;
  upstreams: Upstream[];
  /** The replicas' LIVE_HEARTBEAT_MS: the live stream's read timeout is three of them. */
  heartbeatMs: number;
}

/** Where nginx logs, at `warn`, each request it passed to the next replica or failed. */
export const errorLogOf = (dir: string) => path.join(dir, 'nginx-error.log');

export function nginxConfig({ dir, listen, port, upstreams, heartbeatMs }: NginxOptions): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, `${name}-temp`)};`;
  const proxy = `proxy_pass http://vidtube;
      proxy_set_header Host $http_host;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Idempotent requests only (no non_idempotent): a POST or PATCH is never sent twice.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries ${upstreams.length};
      proxy_connect_timeout 2s;
      proxy_send_timeout 600s;
      add_header X-Served-By $upstream_addr always;`;
  return `# Written by scripts/cluster/nginx.ts for npm run cluster.
${process.getuid?.() === 0 ? 'user root root;\n' : ''}worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${errorLogOf(dir)} warn;
daemon off;
events { worker_connections 4096; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  # The replicas enforce their own limits (MAX_VIDEO_BYTES, JSON bodies).
  client_max_body_size 0;
  proxy_request_buffering off;
  # nginx closes a client's keep-alive connection after keepalive_requests (1 000 by default) and
  # says so (Connection: close); a browser then opens another. The bench's load generator
  # (autocannon) ignores that header and sends its next request on the closing connection, which
  # nginx resets: a few ECONNRESETs per 100 000 requests that no replica ever saw. Above what one
  # connection of a 10-second load sends, so the figures count the replicas' failures only.
  keepalive_requests 100000;
  proxy_http_version 1.1;
  upstream vidtube {
    # Round robin, no stickiness. A replica that failed once is skipped for 2 s.
${upstreams.map((u) => `    server ${u.address}:${u.port} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
${listen.map((address) => `    listen ${address}:${port};`).join('\n')}
    location / {
      ${proxy}
      proxy_read_timeout 600s;
      # Answers go out as the replica writes them (small JSON; media are redirects to the bucket).
      proxy_buffering off;
    }
    location /api/v1/events {
      ${proxy}
      # Never idle for three heartbeats while the replica lives.
      proxy_read_timeout ${Math.ceil((3 * heartbeatMs) / 1000)}s;
      # Each message goes out as it is written (the replicas also send X-Accel-Buffering: no).
      proxy_buffering off;
    }
  }
}
`;
}

/** Writes the configuration and starts nginx in the foreground (its pid is the master's). */
export function startNginx(options: NginxOptions): ChildProcess {
  mkdirSync(options.dir, { recursive: true });
  const file = path.join(options.dir, 'nginx.conf');
  writeFileSync(file, nginxConfig(options));
  return spawn('nginx', ['-c', file, '-p', options.dir], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
