/**
 * The cluster suite's harness: the suite's one cluster (started by global-setup.ts) as a test
 * file sees it, with its members to stop and start (control.ts), HTTP helpers that carry a
 * session's cookies, and read-only views of the shared database and bucket to check what the
 * replicas left there.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import { openStorage } from '../../server/storage/open-storage.js';
import type { MediaStorage } from '../../server/storage/storage.js';
import { ensureRunning, remoteMember, type RemoteMember } from './control.js';
import type { SharedCluster } from './settings.js';

export interface TestCluster {
  /** The balancer: what a browser opens. */
  site: string;
  /** Replica 1's and replica 2's own URLs. */
  api: [string, string];
  replicas: [RemoteMember, RemoteMember];
  worker: RemoteMember;
  shared: SharedCluster;
  /** The shared database, as the replicas see it. */
  database: Database;
  /** The shared bucket. */
  storage: MediaStorage;
  close(): Promise<void>;
}

/** Joins the cluster before the file's tests (handing it to `joined`) and lets go after them. */
export function withCluster(joined: (t: TestCluster) => void): void {
  let t: TestCluster | undefined;
  beforeAll(async () => {
    t = await joinCluster();
    joined(t);
  });
  afterAll(() => t?.close());
}

/** The suite's cluster, every process of it running (a file before may have left one stopped). */
export async function joinCluster(): Promise<TestCluster> {
  const shared = inject('cluster');
  await ensureRunning(shared.control);
  const config = loadConfig({
    DATA_DIR: path.join(shared.dir, 'suite'),
    S3_BUCKET: 'vidtube',
    S3_ENDPOINT: shared.bucketEndpoint,
    S3_FORCE_PATH_STYLE: '1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const storage = await openStorage(config);
  const database = await openDatabase({ databaseUrl: shared.databaseUrl, pgliteDir: '' });
  const replicas = shared.replicas.map((member) => remoteMember(shared.control, member));
  return {
    site: shared.url,
    api: replicas.map((replica) => replica.url!) as [string, string],
    replicas: replicas as [RemoteMember, RemoteMember],
    worker: remoteMember(shared.control, shared.worker),
    shared,
    database,
    storage,
    close: () => database.close(),
  };
}

/** A client with its own cookie jar, against any base URL (a replica's, or the balancer's). */
export class Session {
  private cookies = new Map<string, string>();

  /** `forwardedFor`: the client address the replicas believe (they trust the gateway). */
  constructor(private readonly forwardedFor?: string) {}

  /** Another client holding the same cookies now (a second tab). */
  clone(): Session {
    const copy = new Session(this.forwardedFor);
    copy.cookies = new Map(this.cookies);
    return copy;
  }

  /** The headers every request of this client carries: its cookies, its address. */
  ownHeaders(): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    if (this.forwardedFor) headers['x-forwarded-for'] = this.forwardedFor;
    return headers;
  }

  /** A GET whose body is left to the caller to read as it comes (a stream); `signal` ends it. */
  open(base: string, url: string, signal: AbortSignal): Promise<Response> {
    return fetch(`${base}${url}`, { headers: this.ownHeaders(), signal });
  }

  async request(base: string, method: string, url: string, body?: unknown, headers = {}) {
    const init: RequestInit & { headers: Record<string, string> } = {
      method,
      headers: { ...headers, ...this.ownHeaders() },
      signal: AbortSignal.timeout(30_000),
    };
    if (body instanceof FormData || body instanceof Uint8Array) init.body = body as BodyInit;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${base}${url}`, init);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value = ''] = pair!.split('=') as [string, string?];
      if (/Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json: json as Json };
  }
}

/** The parts of answers the suite reads (the envelope's `data`). */
export interface Json {
  data: { _id: string; videos: { _id: string }[]; duration?: number };
}

/** A new user's fields, unique across the suite's files (which share one database). */
export function credentials() {
  const tag = randomBytes(5).toString('hex');
  return {
    fullName: `Cluster User ${tag}`,
    userName: `cluster_${tag}`,
    email: `cluster.${tag}@example.org`,
    password: 'correct horse battery',
  };
}

/** A private address picked at random: no two files' users share one by accident. */
const randomAddress = () =>
  `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 254) + 1).join('.')}`;

/**
 * Registers and signs in through `base`; returns the signed-in session and its user id. Each
 * user is a client address of its own, so that the suite's sign-ups, made straight to a replica,
 * stay below the 10 attempts a minute one address may make (through nginx every request comes
 * from the balancer's client, 127.0.0.1, whatever this says).
 */
export async function signUp(base: string, forwardedFor = randomAddress()) {
  const session = new Session(forwardedFor);
  const fields = credentials();
  const registered = await session.request(base, 'POST', '/api/v1/users/register', fields);
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const { userName, email, password } = fields;
  const login = await session.request(base, 'POST', '/api/v1/users/login', {
    userName,
    email,
    password,
  });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  return { session, fields, userId: String(registered.json.data._id) };
}

/** Polls `read` until `done` holds or `ms` pass; returns the last value. */
export async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** Rows of a query on the shared database. */
export async function rows<T>(database: Database, text: string, values: unknown[] = []) {
  return (await database.executeSql(text, values)).rows as T[];
}

/** A small video uploaded through `base` (multipart, as the upload page sends it); its id. */
export async function uploadVideo(
  session: Session,
  base: string,
  title: string,
  file: Buffer,
): Promise<string> {
  const form = new FormData();
  form.set('title', title);
  form.set('description', 'Uploaded by the cluster suite');
  form.set('tags', JSON.stringify(['cluster']));
  form.set('videoFile', new Blob([new Uint8Array(file)], { type: 'video/mp4' }), 'video.mp4');
  const uploaded = await session.request(base, 'POST', '/api/v1/videos', form);
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status}`);
  return String(uploaded.json.data._id);
}
