/**
 * TRUST_PROXY: a setting of the config schema (server/config.ts), refused when mistyped, and what
 * the app believes of X-Forwarded-* follows it: the origin of media URLs is the one the client
 * used through the proxy only when the proxy is trusted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { createUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

describe('TRUST_PROXY in the configuration', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-trust-proxy-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const trustProxyOf = (value: string | undefined) =>
    loadConfig({ DATA_DIR: dataDir, ACCESS_TOKEN_SECRET: 's', TRUST_PROXY: value }).trustProxy;

  it('is off unless set, and reads the usual flag words', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('')).toBe(false);
    expect(trustProxyOf('0')).toBe(false);
    expect(trustProxyOf('off')).toBe(false);
    expect(trustProxyOf('1')).toBe(true);
    expect(trustProxyOf('TRUE')).toBe(true);
  });

  it('takes a list of proxy addresses and CIDR ranges', () => {
    expect(trustProxyOf('10.0.0.1, 192.168.0.0/16,fd00::/8')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
    ]);
  });

  it('refuses anything else with a message naming the variable', () => {
    for (const value of ['maybe', '10.0.0.1,proxy.local', '10.0.0.0/33', '10.0.0.1/8/2']) {
      expect(() => trustProxyOf(value), value).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('TRUST_PROXY in the app', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  /** The thumbnail URL of the feed's one video, asked through a proxy that says https. */
  async function thumbnailThroughProxy(trustProxy: boolean | string[]): Promise<string> {
    const t = await createTestApp({ trustProxy });
    apps.push(t);
    await insertVideo(t, await createUser(t));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/videos',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'videos.example' },
    });
    return response.json<{ data: { videos: { thumbnail: string }[] } }>().data.videos[0]!.thumbnail;
  }

  // One app per case, each its own test: three cold apps in one test outran 30 s in CI's loaded
  // embedded pass. app.inject comes from 127.0.0.1.
  it('builds media URLs from the forwarded origin when the proxy is trusted', async () => {
    expect(await thumbnailThroughProxy(['127.0.0.1'])).toMatch(/^https:\/\/videos\.example\//);
  });

  it('keeps its own origin when the forwarding address is not a trusted proxy', async () => {
    expect(await thumbnailThroughProxy(['10.9.9.9'])).toMatch(/^http:\/\/localhost/);
  });

  it('keeps its own origin when no proxy is trusted', async () => {
    expect(await thumbnailThroughProxy(false)).toMatch(/^http:\/\/localhost/);
  });
});
