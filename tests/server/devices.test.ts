/**
 * Settings → Devices (issue 32): what sign-in records, the list, signing out one device and all
 * others, and the password change that offers to sign out the others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '../../contract/devices.js';
import { networkOf } from '../../server/accounts/device-description.js';
import { USERS, cookieValue, signUp, type Credentials, type Session } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('Settings → Devices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Signs in as a browser would from `remoteAddress` with `userAgent`. */
  async function signInFrom(c: Credentials, userAgent: string, remoteAddress: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `${USERS}/login`,
      headers: { 'user-agent': userAgent },
      remoteAddress,
      payload: { userName: c.userName, email: c.email, password: c.password },
    });
    expect(res.statusCode).toBe(200);
    return { accessToken: cookieValue(res, 'accessToken')! };
  }
  const devicesOf = async (cookies: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: `${USERS}/sessions`, cookies });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { devices: Device[] } }>().data.devices;
  };
  const currentUser = (cookies: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `${USERS}/current-user`, cookies });

  it('keeps the network of the address, never the address: a /24 or a /48', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(networkOf('2001:db8:abcd:12:1::7')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf('not an address')).toBe('');
  });

  it('lists each sign-in with its browser, system and network, this device first', async () => {
    const ann: Session = await signUp(t);
    const laptop = await signInFrom(ann.credentials, CHROME_LINUX, '203.0.113.77');
    const other = await signInFrom(ann.credentials, FIREFOX_WINDOWS, '2001:db8:abcd:12::9');
    const devices = await devicesOf(laptop);
    expect(devices[0]).toMatchObject({
      browser: 'Chrome 131',
      system: 'Linux',
      network: '203.0.113.0/24',
      current: true,
    });
    expect(devices.filter((d) => d.current)).toHaveLength(1);
    expect(devices).toContainEqual(
      expect.objectContaining({
        browser: 'Firefox 133',
        system: 'Windows 10',
        network: '2001:db8:abcd::/48',
        current: false,
      }),
    );
    // The sign-up's own session (no User-Agent) is there too, described as unknown.
    expect(devices).toHaveLength(3);
    expect(JSON.stringify(devices)).not.toContain('203.0.113.77');
    for (const d of devices) {
      expect(Date.parse(d.signedInAt)).toBeLessThanOrEqual(Date.parse(d.lastSeenAt));
    }
    expect((await devicesOf(other))[0]).toMatchObject({ browser: 'Firefox 133', current: true });
  });

  it('cuts a long User-Agent to 512 characters', async () => {
    const ann = await signUp(t);
    const long = `${CHROME_LINUX} ${'x'.repeat(2000)}`;
    const s = await signInFrom(ann.credentials, long, '203.0.113.5');
    const [row] = await t.ctx.db.query.sessions.findMany({
      where: (x, { eq }) => eq(x.userId, ann.user._id),
      orderBy: (x, { desc }) => desc(x.createdAt),
      limit: 1,
    });
    expect(row?.userAgent).toHaveLength(512);
    expect((await devicesOf(s))[0]?.browser).toBe('Chrome 131');
  });

  it('signs out one other device: its next request is refused', async () => {
    const ann = await signUp(t);
    const phone = await signInFrom(ann.credentials, FIREFOX_WINDOWS, '198.51.100.1');
    const phoneId = (await devicesOf(phone)).find((d) => d.current)!._id;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${USERS}/sessions/${phoneId}`,
      cookies: ann.cookies,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Device signed out' });
    expect((await currentUser(phone)).statusCode).toBe(401);
    expect((await currentUser(ann.cookies)).statusCode).toBe(200);
    expect((await devicesOf(ann.cookies)).map((d) => d._id)).not.toContain(phoneId);
  });

  it("answers 404 for someone else's session, an ended one or an unknown one, and ends none", async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    const bobsId = (await devicesOf(bob.cookies))[0]!._id;
    const attempt = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `${USERS}/sessions/${id}`, cookies: ann.cookies });
    const foreign = await attempt(bobsId);
    const unknown = await attempt('AAAAAAAAAAAAAAAA');
    expect(foreign.statusCode).toBe(404);
    // The same answer either way: an id is never confirmed.
    expect(foreign.json()).toEqual(unknown.json());
    expect((await currentUser(bob.cookies)).statusCode).toBe(200);
  });

  it('signs out all other devices and keeps this one', async () => {
    const ann = await signUp(t);
    const a = await signInFrom(ann.credentials, CHROME_LINUX, '203.0.113.1');
    const b = await signInFrom(ann.credentials, FIREFOX_WINDOWS, '203.0.113.2');
    const res = await t.app.inject({
      method: 'POST',
      url: `${USERS}/sessions/sign-out-others`,
      cookies: a,
    });
    expect(res.json()).toMatchObject({ statusCode: 200, data: { signedOut: 2 } });
    expect((await currentUser(b)).statusCode).toBe(401);
    expect((await currentUser(ann.cookies)).statusCode).toBe(401);
    expect((await currentUser(a)).statusCode).toBe(200);
    expect(await devicesOf(a)).toHaveLength(1);
  });

  describe('changing the password', () => {
    const change = (s: Session, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `${USERS}/change-password`,
        cookies: s.cookies,
        payload: {
          oldPassword: s.credentials.password,
          newPassword: 'a brand new secret',
          ...body,
        },
      });

    it('signs the other devices out when asked, and by default as before', async () => {
      for (const choice of [{ signOutOthers: true }, {}]) {
        const ann = await signUp(t);
        const other = await signInFrom(ann.credentials, CHROME_LINUX, '203.0.113.3');
        expect((await change(ann, choice)).statusCode).toBe(200);
        expect((await currentUser(other)).statusCode).toBe(401);
        expect((await currentUser(ann.cookies)).statusCode).toBe(200);
      }
    });

    it('keeps the other devices signed in when the user unticks the choice', async () => {
      const ann = await signUp(t);
      const other = await signInFrom(ann.credentials, CHROME_LINUX, '203.0.113.4');
      expect((await change(ann, { signOutOthers: false })).statusCode).toBe(200);
      expect((await currentUser(other)).statusCode).toBe(200);
    });
  });

  it('refuses the device calls without a session', async () => {
    for (const [method, url] of [
      ['GET', `${USERS}/sessions`],
      ['DELETE', `${USERS}/sessions/AAAAAAAAAAAAAAAA`],
      ['POST', `${USERS}/sessions/sign-out-others`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});

describe('Settings → Devices behind the balancer (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: ['127.0.0.1'] });
  });
  afterAll(() => t.close());

  it("records the client's network from X-Forwarded-For, not the balancer's address", async () => {
    const ann = await signUp(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `${USERS}/login`,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.23', 'user-agent': CHROME_LINUX },
      payload: {
        userName: ann.credentials.userName,
        email: ann.credentials.email,
        password: ann.credentials.password,
      },
    });
    const cookies = { accessToken: cookieValue(res, 'accessToken')! };
    const list = await t.app.inject({ method: 'GET', url: `${USERS}/sessions`, cookies });
    const [device] = list.json<{ data: { devices: Device[] } }>().data.devices;
    expect(device).toMatchObject({ network: '198.51.100.0/24', current: true });
  });
});
