/**
 * `npm run cluster -- --local-media` (issue 35): media on one folder the replicas share, checked by
 * a replica and sent by nginx (X-Accel-Redirect to an internal location). Through the balancer a
 * video's file answers the bytes on disk, a Range its slice (206), HEAD its size, with the
 * headers a replica sets; and the replicas did not carry the bytes: their processes' own I/O
 * counters (/proc/<pid>/io, every byte read from a file or written to a socket) grow by far less
 * than what the client received, where serving the bytes themselves they grow by all of it.
 *
 * This topology is its own cluster (the suite's shared one keeps media in the bucket), on the
 * loopback and ports of its own, next to the shared one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BASE_PORT, startCluster, type Cluster } from '../../scripts/cluster/cluster.js';
import { freshTestDatabase } from '../server/fresh-database.js';
import { fixture } from '../server/media-fixtures.js';
import { rawGet } from '../server/raw-get.js';
import { signUp, uploadVideo, type Session } from './harness.js';
import { CLUSTER_ENV } from './settings.js';

const MB = 1024 * 1024;
/** Past the shared cluster's ports (base … base + 90). */
const BASE_PORT = Number(process.env.CLUSTER_BASE_PORT ?? DEFAULT_BASE_PORT) + 300;

/** Bytes a process read (any file or socket) and wrote, from /proc/<pid>/io. */
async function ioOf(pid: number): Promise<{ read: number; written: number }> {
  const text = await readFile(`/proc/${pid}/io`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(text)![1]);
  return { read: field('rchar'), written: field('wchar') };
}

/** Hop-by-hop and per-response headers: everything else must be the replica's. */
const OWN_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'server',
  'content-length',
  'content-range',
  'x-served-by',
  'x-accel-redirect',
  'last-modified',
  'accept-ranges',
]);
const comparable = (headers: Headers) =>
  Object.fromEntries([...headers].filter(([name]) => !OWN_HEADERS.has(name)));

describe.skipIf(!process.env.TEST_DATABASE_URL)('local media sent by nginx', () => {
  let cluster: Cluster;
  let database: Awaited<ReturnType<typeof freshTestDatabase>>;
  let dir: string;
  let session: Session;
  let mediaPath: string;
  let onDisk: Buffer;

  beforeAll(async () => {
    database = await freshTestDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-local-media-'));
    cluster = await startCluster({
      dir,
      databaseUrl: database.url,
      basePort: BASE_PORT,
      loopback: true,
      media: 'local',
      env: CLUSTER_ENV,
      log: (line) => console.warn(line),
    });
    ({ session } = await signUp(cluster.url));
    const id = await uploadVideo(session, cluster.url, 'Sent by nginx', await fixture('plain.mp4'));
    const video = await session.request(cluster.url, 'GET', `/api/v1/videos/${id}`);
    const { videoFile } = video.json.data as unknown as { videoFile: string };
    mediaPath = new URL(videoFile).pathname;
    onDisk = await readFile(path.join(cluster.mediaDir!, mediaPath.slice('/media/'.length)));
  });
  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers the bytes on disk, a Range its slice, HEAD the size, with the replica’s headers', async () => {
    const whole = await fetch(`${cluster.url}${mediaPath}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(onDisk)).toBe(true);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');

    const part = await fetch(`${cluster.url}${mediaPath}`, {
      headers: { range: 'bytes=100-1099' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${onDisk.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(onDisk.subarray(100, 1100))).toBe(true);

    const head = await fetch(`${cluster.url}${mediaPath}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(onDisk.length);

    // The replica's own answer (the redirect): every header but the per-response ones is the same.
    const replica = cluster.replicas[0]!;
    const direct = await fetch(`${replica.url}${mediaPath}`);
    expect(direct.headers.get('x-accel-redirect')).toBe(`/_media/${mediaPath.slice(7)}`);
    expect(comparable(whole.headers)).toEqual(comparable(direct.headers));
    expect(comparable(part.headers)).toEqual(comparable(direct.headers));
    // A revalidation with the replica's ETag is answered 304 through nginx.
    const etag = whole.headers.get('etag')!;
    const again = await fetch(`${cluster.url}${mediaPath}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('refuses what a replica refuses, and never serves its internal location to a client', async () => {
    const unknown = await fetch(`${cluster.url}/media/videos/nopeAAAAAAAAAAAA.mp4`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, data: null });
    // A file in the folder under a name the replicas never make: nginx has it, and must not send it.
    await writeFile(path.join(cluster.mediaDir!, 'videos', '.hiddenAAAAAAAAAA.mp4'), 'top secret');
    const port = Number(new URL(cluster.url).port);
    // Sent as written (fetch would resolve the dots first): a way out of the folder, or a name
    // refused, is no file nginx sends.
    for (const target of [
      '/media/videos/.hiddenAAAAAAAAAA.mp4',
      '/media/videos/../../../../etc/passwd',
      '/media/videos/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/media/videos/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    ]) {
      const res = await rawGet(port, target);
      expect(res.status, target).toBeGreaterThanOrEqual(400);
      expect(res.text, target).not.toMatch(/top secret|root:/);
    }
    const internal = await fetch(`${cluster.url}/_media/${mediaPath.slice(7)}`);
    expect(internal.status).toBe(404);
    expect(Buffer.from(await internal.arrayBuffer()).equals(onDisk)).toBe(false);
  });

  it('asks a replica once for many ranges of a file, and refuses the file once it is gone', async () => {
    const key = 'videos/checkedAAAAAAAAAA.mp4';
    const bytes = randomBytes(4 * MB);
    await writeFile(path.join(cluster.mediaDir!, key), bytes);
    const replicaAddresses = cluster.replicas.map((r) => new URL(r.url!).host);
    const rangeOf = (start: number) =>
      fetch(`${cluster.url}/media/${key}`, {
        headers: { range: `bytes=${start}-${start + MB - 1}` },
      });
    const first = await rangeOf(0);
    expect(first.status).toBe(206);
    expect(Buffer.from(await first.arrayBuffer()).equals(bytes.subarray(0, MB))).toBe(true);
    // The replica that checked it; the next ranges are sent on that answer, kept by nginx.
    expect(replicaAddresses).toContain(first.headers.get('x-served-by'));
    for (const start of [MB, 3 * MB, 2 * MB]) {
      const part = await rangeOf(start);
      expect(part.status).toBe(206);
      expect(part.headers.get('x-served-by')).toBeNull();
      expect(part.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
      expect(part.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(part.headers.get('x-content-type-options')).toBe('nosniff');
      const body = Buffer.from(await part.arrayBuffer());
      expect(body.equals(bytes.subarray(start, start + MB))).toBe(true);
    }
    // Deleted while nginx still holds the check: nginx finds no file and a replica answers.
    await rm(path.join(cluster.mediaDir!, key));
    const gone = await rangeOf(0);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ success: false, data: null });
  });

  it('leaves the bytes to nginx: the replicas read and write far less than was sent', async () => {
    // A file the size of a short clip, so the replicas' own requests and logs are noise beside it.
    const key = 'videos/nginxAAAAAAAAAAA.mp4';
    const bytes = randomBytes(16 * MB);
    await writeFile(path.join(cluster.mediaDir!, key), bytes);
    const pids = cluster.replicas.map((r) => r.pid!);
    const before = await Promise.all(pids.map(ioOf));
    let received = 0;
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${cluster.url}/media/${key}`);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.equals(bytes)).toBe(true);
      received += body.length;
    }
    const after = await Promise.all(pids.map(ioOf));
    const read = after.reduce((sum, io, i) => sum + io.read - before[i]!.read, 0);
    const written = after.reduce((sum, io, i) => sum + io.written - before[i]!.written, 0);
    console.log(
      `local media: ${received / MB} MB sent through nginx; the replicas read ${(read / MB).toFixed(2)} MB and wrote ${(written / MB).toFixed(2)} MB`,
    );
    expect(written).toBeLessThan(received / 16);
    expect(read).toBeLessThan(received / 16);
  });
});
