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
 *
 * With local media (`media`), the replicas answer a checked media request with an empty body and
 * `X-Accel-Redirect` (MEDIA_ACCEL_REDIRECT, server/http/media-files.ts), and nginx sends the file
 * from an `internal` location over the shared media folder: sendfile, Range (206) and HEAD are
 * nginx's own, at its CPU cost per GB (issue 35). nginx keeps Content-Type, Cache-Control and
 * Accept-Ranges of the redirecting answer; every other header the replica set (security
 * headers, CORS, its ETag) is added back from `$upstream_http_*`, so a client sees the replica's
 * headers (tests/cluster/local-media.test.ts compares them with a replica's direct answer).
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
  /** Local media: the replicas' MEDIA_ACCEL_REDIRECT prefix and the media folder they share. */
  media?: MediaLocation;
}

export interface MediaLocation {
  /** The internal location's prefix, ending in `/` (the replicas' MEDIA_ACCEL_REDIRECT). */
  prefix: string;
  /** The folder the replicas' `DATA_DIR/media` is. */
  root: string;
}

/** The internal location's prefix `npm run cluster -- --local-media` gives replicas and nginx. */
export const MEDIA_ACCEL_PREFIX = '/_media/';

/**
 * Headers of a replica's media answer that nginx drops on X-Accel-Redirect (it keeps
 * Content-Type, Cache-Control, Accept-Ranges, Content-Disposition, Set-Cookie and Expires):
 * helmet's security headers, CORS, and the ETag (the file's own is off, so revalidations match
 * what a replica answers without nginx).
 */
export const MEDIA_HEADERS_ADDED_BACK = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Cross-Origin-Resource-Policy',
  'Origin-Agent-Cluster',
  'Referrer-Policy',
  'Strict-Transport-Security',
  'X-Content-Type-Options',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
  'Vary',
  'Access-Control-Allow-Origin',
  'Access-Control-Allow-Credentials',
  'Access-Control-Expose-Headers',
  'ETag',
];

const upstreamVariable = (header: string) =>
  `$upstream_http_${header.toLowerCase().replaceAll('-', '_')}`;

/** The internal location that sends the files replicas name with X-Accel-Redirect. */
export function mediaLocation({ prefix, root }: MediaLocation): string {
  const added = MEDIA_HEADERS_ADDED_BACK.map(
    (header) => `add_header ${header} ${JSON.stringify(upstreamVariable(header))} always;`,
  );
  return `location ${prefix} {
      # Only a replica's X-Accel-Redirect reaches it: a client asking for ${prefix}… gets a 404.
      internal;
      alias ${root.replace(/\/*$/, '/')};
      sendfile on;
      tcp_nopush on;
      # The replica checked the file and chose the type; nginx keeps that Content-Type.
      types {}
      default_type application/octet-stream;
      # The replica's weak ETag is added back; nginx's own would differ from a direct answer.
      etag off;
      # One range, as a replica answers (several: the whole file).
      max_ranges 1;
      ${added.join('\n      ')}
      add_header X-Served-By $upstream_addr always;
    }`;
}

/** Where nginx logs, at `warn`, each request it passed to the next replica or failed. */
export const errorLogOf = (dir: string) => path.join(dir, 'nginx-error.log');

export function nginxConfig({
  dir,
  listen,
  port,
  upstreams,
  heartbeatMs,
  media,
}: NginxOptions): string {
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
      # Answers go out as the replica writes them (small JSON; media are redirects to the bucket
      # or, with local media, to the location below).
      proxy_buffering off;
    }
${media ? `    ${mediaLocation(media)}\n` : ''}    location /api/v1/events {
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
