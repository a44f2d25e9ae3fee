/**
 * The cluster suite's harness: `npm run cluster`'s topology (scripts/cluster/cluster.ts) over a
 * fresh database on TEST_DATABASE_URL's server (or a PostgreSQL cluster of its own without it),
 * HTTP helpers that carry a session's cookies, and read-only views of the shared database and
 * bucket to check what the replicas left there.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_BASE_PORT, startCluster, type Cluster } from '../../scripts/cluster/cluster.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import { openStorage } from '../../server/storage/open-storage.js';
import type { MediaStorage } from '../../server/storage/storage.js';
import { freshTestDatabase } from '../server/helpers.js';

export interface TestCluster {
  cluster: Cluster;
  /** The shared database, as the replicas see it. */
  database: Database;
  /** The shared bucket. */
  storage: MediaStorage;
  close(): Promise<void>;
}

export async function startTestCluster(env: Record<string, string>): Promise<TestCluster> {
  const fresh = process.env.TEST_DATABASE_URL ? await freshTestDatabase() : undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-cluster-test-'));
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      dir,
      databaseUrl: fresh?.url,
      basePort: Number(process.env.CLUSTER_BASE_PORT ?? DEFAULT_BASE_PORT),
      env,
      log: (line) => console.warn(line),
    });
  } catch (error) {
    // startCluster stopped what it started; the logs stay for the failure's message.
    await fresh?.drop();
    throw error;
  }
  const config = loadConfig({
    DATA_DIR: path.join(dir, 'suite'),
    S3_BUCKET: 'vidtube',
    S3_ENDPOINT: cluster.bucketEndpoint,
    S3_FORCE_PATH_STYLE: '1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const storage = await openStorage(config);
  const database = await openDatabase({ databaseUrl: cluster.databaseUrl, pgliteDir: '' });
  return {
    cluster,
    database,
    storage,
    async close() {
      await database.close();
      await cluster.stop();
      await fresh?.drop();
      await rm(dir, { recursive: true, force: true });
    },
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
  data: { _id: string; videos: { _id: string }[] };
}

let counter = 0;
export function credentials() {
  counter += 1;
  const tag = `${process.pid.toString(36)}c${counter}`;
  return {
    fullName: `Cluster User ${counter}`,
    userName: `cluster_${tag}`,
    email: `cluster.${tag}@example.org`,
    password: 'correct horse battery',
  };
}

/** Registers and signs in through `base`; returns the signed-in session and its user id. */
export async function signUp(base: string, forwardedFor?: string) {
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
