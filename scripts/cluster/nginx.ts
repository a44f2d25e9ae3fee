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
 * With local media (`media`), nginx sends the files itself from the shared media folder after a
 * replica checked them (`mediaLocations`: a HEAD whose answer nginx keeps 10 s per URL), with the
 * replica's headers; what nginx does not answer itself (a refused name, a file gone, a
 * revalidation) goes to a replica, which answers it or hands the bytes back with
 * `X-Accel-Redirect` (MEDIA_ACCEL_REDIRECT, server/http/media-files.ts) to an `internal`
 * location. A client sees a replica's headers either way (tests/cluster/local-media.test.ts
 * compares them with a replica's direct answer), at nginx's CPU cost per GB (issue 35).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MEDIA_TYPE, MEDIA_TYPES } from '../../server/http/media-types.js';
import { MEDIA_PREFIX } from '../../server/storage/storage.js';

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

/** A header's name as nginx's variables spell it (`X-Frame-Options` → `x_frame_options`). */
const variableOf = (header: string) => header.toLowerCase().replaceAll('-', '_');

const upstreamVariable = (header: string) => `$upstream_http_${variableOf(header)}`;

/** How long nginx keeps a replica's answer to a media check (`mediaLocations`). */
export const MEDIA_CHECK_SECONDS = 10;

/** nginx's `types` block: the replicas' Content-Type of each media name (media-types.ts). */
const mediaTypes = () =>
  Object.entries(MEDIA_TYPES)
    .map(([extension, type]) => `${JSON.stringify(type)} ${extension.slice(1)};`)
    .join(' ');

/** The check's headers a client gets with the file nginx sends (each as `$media_<header>`). */
const CHECKED_HEADERS = [...MEDIA_HEADERS_ADDED_BACK, 'Cache-Control'];

/** The http-level half of `mediaLocations`: the checks' cache and which requests skip it. */
export function mediaHttpDirectives(cacheDir: string): string {
  return `# A replica's answer to a media check, kept ${MEDIA_CHECK_SECONDS} s (mediaLocations).
  proxy_cache_path ${cacheDir} levels=1:2 keys_zone=media_checks:1m max_size=16m inactive=1m use_temp_path=off;
  # A revalidation or an If-Range goes to a replica, whose ETag is the one a client holds.
  map "$http_if_none_match$http_if_range" $media_conditional { "" 0; default 1; }
  # What a replica says must be revalidated (an HLS playlist: no-cache) is asked each time.
  map $upstream_http_cache_control $media_check_uncacheable { ~no-cache 1; default ""; }`;
}

/**
 * Local media through the balancer (issue 35). A request for \`/media/{key}\` is checked by a
 * replica (a HEAD of the same URL without cookies: the check is the same for every client) and
 * then sent by nginx from the shared folder: sendfile, Range (206) and HEAD are nginx's own, with
 * the replica's Content-Type, Cache-Control, security headers and ETag. The replica's answer to
 * the check is kept MEDIA_CHECK_SECONDS per URL, so a player's many ranges of one file cost a
 * replica one request; a name the replica refuses, a file gone from the folder, a revalidation
 * (If-None-Match, If-Range) go to a replica as a whole request, which answers a refusal or a 304
 * itself, and anything else by X-Accel-Redirect to the \`internal\` location \`prefix\`.
 *
 * \`proxy\` holds the directives of the balancer's other locations after their \`proxy_pass\`;
 * \`upstream\` names the replicas' group.
 */
export function mediaLocations(
  { prefix, root }: MediaLocation,
  upstream: string,
  proxy: string,
): string {
  const folder = root.replace(/\/*$/, '/');
  const added = MEDIA_HEADERS_ADDED_BACK.map(
    (header) => `add_header ${header} ${JSON.stringify(upstreamVariable(header))} always;`,
  );
  const checked = CHECKED_HEADERS.map(
    (header) => `auth_request_set $media_${variableOf(header)} ${upstreamVariable(header)};`,
  );
  const fromCheck = CHECKED_HEADERS.map(
    (header) => `add_header ${header} "$media_${variableOf(header)}" always;`,
  );
  return `location ${MEDIA_PREFIX} {
      error_page 418 = @media_replica;
      if ($media_conditional) { return 418; }
      auth_request /_media_check;
      ${checked.join('\n      ')}
      auth_request_set $media_checked_by $upstream_addr;
      # A refused check (every refusal arrives as 403) or a file gone: the replica's own answer.
      error_page 403 404 = @media_replica;
      alias ${folder};
      sendfile on;
      tcp_nopush on;
      types { ${mediaTypes()} }
      default_type ${DEFAULT_MEDIA_TYPE};
      # The replica's weak ETag is added back; nginx's own would differ from a direct answer.
      etag off;
      # One range, as a replica answers (several: the whole file).
      max_ranges 1;
      ${fromCheck.join('\n      ')}
      # The replica that checked; none when the check came from the cache.
      add_header X-Served-By $media_checked_by always;
    }
    location = /_media_check {
      internal;
      proxy_pass http://${upstream}$request_uri;
      ${proxy}
      proxy_method HEAD;
      proxy_pass_request_body off;
      proxy_set_header Content-Length "";
      proxy_set_header Cookie "";
      proxy_set_header Authorization "";
      proxy_set_header Range "";
      proxy_set_header If-Range "";
      proxy_set_header If-None-Match "";
      proxy_set_header If-Modified-Since "";
      proxy_cache media_checks;
      proxy_cache_key $request_uri;
      proxy_cache_valid 200 ${MEDIA_CHECK_SECONDS}s;
      proxy_ignore_headers Cache-Control Expires;
      proxy_no_cache $media_check_uncacheable;
      # Ranges of a file not yet checked wait for the first check instead of each asking.
      proxy_cache_lock on;
      proxy_cache_lock_timeout 2s;
      # auth_request takes 2xx, 401 and 403 only: any other refusal becomes a 403 here.
      proxy_intercept_errors on;
      error_page 400 404 405 410 416 429 500 502 503 504 = @media_check_refused;
    }
    location @media_check_refused {
      return 403;
    }
    location @media_replica {
      proxy_pass http://${upstream};
      ${proxy}
      proxy_buffering off;
    }
    location ${prefix} {
      # Only a replica's X-Accel-Redirect reaches it: a client asking for ${prefix}… gets a 404.
      internal;
      alias ${folder};
      sendfile on;
      tcp_nopush on;
      # The replica checked the file and chose the type; nginx keeps that Content-Type.
      types {}
      default_type ${DEFAULT_MEDIA_TYPE};
      etag off;
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
  // Every location's way to the replicas, after its proxy_pass.
  const toReplicas = `proxy_set_header Host $http_host;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Idempotent requests only (no non_idempotent): a POST or PATCH is never sent twice.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries ${upstreams.length};
      proxy_connect_timeout 2s;
      proxy_send_timeout 600s;
      add_header X-Served-By $upstream_addr always;`;
  const proxy = `proxy_pass http://vidtube;\n      ${toReplicas}`;
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
${media ? `  ${mediaHttpDirectives(path.join(dir, 'media-checks'))}\n` : ''}  upstream vidtube {
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
${media ? `    ${mediaLocations(media, 'vidtube', toReplicas)}\n` : ''}    location /api/v1/events {
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
