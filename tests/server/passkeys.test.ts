/**
 * Passkeys (issue 32): adding, listing, renaming and removing them, signing in with one without a
 * password, and one as the second step. Real attestations and assertions from a software
 * authenticator (software-authenticator.ts), checked by @simplewebauthn/server in the routes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_LIMIT, PASSKEY_MESSAGES as M } from '../../contract/passkeys.js';
import { SECOND_STEP_MESSAGES } from '../../contract/second-step.js';
import { secondStepOf } from '../../server/accounts/second-step.js';
import { passkeys, totpCredentials, users } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import {
  LOCAL,
  PASSKEYS,
  addPasskey,
  assert,
  registrationOptions,
  signInOptions,
  signInWith,
} from './passkeys-helpers.js';
import { createCredential } from './software-authenticator.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: PASSKEYS, headers: user.headers })).json<{
    data: { passkeys: { _id: string; name: string; lastUsedAt: string | null }[] };
  }>().data.passkeys;

const messageOf = (res: { json: () => unknown }) => (res.json() as { message: string }).message;

describe('adding passkeys in Settings', () => {
  it('asks for a resident key and user verification (preferred), excluding the account’s passkeys', async () => {
    const ann = await createUser(t);
    const first = await registrationOptions(t, ann);
    expect(first.options).toMatchObject({
      rp: { id: 'localhost', name: 'VidTube' },
      user: { name: ann.userName },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    const { passkey } = await addPasskey(t, ann);
    const second = await registrationOptions(t, ann);
    expect(second.options.excludeCredentials).toEqual([
      { id: passkey._id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('stores a verified passkey named after the browser, and lists it', async () => {
    const ann = await createUser(t);
    const { passkey } = await addPasskey(t, ann);
    expect(passkey.name).toBe('Chrome on Linux');
    const again = await addPasskey(t, ann);
    expect(again.passkey.name).toBe('Chrome on Linux (2)');
    const third = await addPasskey(t, ann, '');
    expect(third.passkey.name).toBe('Passkey 3');
    const rows = await list(ann);
    expect(rows.map((p) => p.name)).toEqual([
      'Chrome on Linux',
      'Chrome on Linux (2)',
      'Passkey 3',
    ]);
    expect(rows[0]).toMatchObject({ _id: passkey._id, lastUsedAt: null, backedUp: false });
  });

  it(`refuses a ${PASSKEY_LIMIT + 1}th passkey, naming the limit`, async () => {
    const ann = await createUser(t);
    for (let i = 0; i < PASSKEY_LIMIT; i++) await addPasskey(t, ann);
    const res = await t.app.inject({
      method: 'POST',
      url: `${PASSKEYS}/register/options`,
      headers: ann.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(M.tooMany);
    expect(M.tooMany).toContain(String(PASSKEY_LIMIT));
  });

  it('refuses an answer to another account’s options, a replayed one and a wrong origin', async () => {
    const [ann, bob] = [await createUser(t), await createUser(t)];
    const { ticket, options } = await registrationOptions(t, ann);
    const { response } = createCredential(options, LOCAL);
    const register = (user: TestUser, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `${PASSKEYS}/register`,
        headers: user.headers,
        payload: body as object,
      });
    const asBob = await register(bob, { ticket, response });
    expect(asBob.statusCode).toBe(401);
    // Bob's try used the ceremony up: Ann starts again.
    expect((await register(ann, { ticket, response })).statusCode).toBe(401);
    const fresh = await registrationOptions(t, ann);
    const elsewhere = createCredential(fresh.options, { ...LOCAL, origin: 'https://evil.example' });
    const wrongOrigin = await register(ann, { ticket: fresh.ticket, response: elsewhere.response });
    expect(wrongOrigin.statusCode).toBe(400);
    expect(messageOf(wrongOrigin)).toBe(M.notVerified);
    expect(await list(ann)).toEqual([]);
    expect(await list(bob)).toEqual([]);
  });

  it('tells a site opened at an IP address to use its name', async () => {
    const ann = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `${PASSKEYS}/register/options`,
      headers: { ...ann.headers, host: '127.0.0.1:3000' },
    });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe(M.ipAddress);
  });

  it('derives the relying party from PUBLIC_URL when set', async () => {
    const site = await createTestApp({ publicUrl: 'https://videos.example.com' });
    try {
      const ann = await createUser(site);
      const { options } = await registrationOptions(site, ann);
      expect(options).toMatchObject({ rp: { id: 'videos.example.com' } });
    } finally {
      await site.close();
    }
  });
});

describe('renaming and removing', () => {
  it('renames (trimmed, at most 64 characters) and removes; another account’s passkey is a 404', async () => {
    const [ann, bob] = [await createUser(t), await createUser(t)];
    const { passkey } = await addPasskey(t, ann);
    const url = `${PASSKEYS}/${passkey._id}`;
    const rename = (user: TestUser, name: string) =>
      t.app.inject({ method: 'PATCH', url, headers: user.headers, payload: { name } });
    const renamed = await rename(ann, '  Work   laptop ');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ data: { name: 'Work laptop' }, message: M.renamed });
    expect((await rename(ann, 'x'.repeat(65))).statusCode).toBe(400);
    expect((await rename(ann, '   ')).statusCode).toBe(400);
    const bobs = await rename(bob, 'Mine now');
    expect(bobs.statusCode).toBe(404);
    expect(messageOf(bobs)).toBe(M.notFound);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bob.headers })).statusCode).toBe(
      404,
    );
    expect((await list(ann)).map((p) => p.name)).toEqual(['Work laptop']);
    const removed = await t.app.inject({ method: 'DELETE', url, headers: ann.headers });
    expect(removed.statusCode).toBe(200);
    expect(await list(ann)).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url, headers: ann.headers })).statusCode).toBe(
      404,
    );
  });
});

describe('signing in with a passkey', () => {
  it('signs in without a password, sets the cookies, and records the use', async () => {
    const ann = await createUser(t);
    const { credential, passkey } = await addPasskey(t, ann);
    const { ticket, options } = await signInOptions(t);
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await signInWith(t, { ticket, response: assert(credential, options, LOCAL) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { user: { _id: ann.id, userName: ann.userName } } });
    expect(String(res.headers['set-cookie'])).toMatch(/accessToken=/);
    const [row] = await t.ctx.db.select().from(passkeys).where(eq(passkeys.id, passkey._id));
    expect(row!.counter).toBe(1);
    expect((await list(ann))[0]!.lastUsedAt).not.toBeNull();
  });

  it('signs in an account with two-step sign-in on, without the second step', async () => {
    const ann = await createUser(t);
    await t.ctx.db
      .insert(totpCredentials)
      .values({ userId: ann.id, secretCiphertext: 'x', enabledAt: new Date() });
    const { credential } = await addPasskey(t, ann);
    const { ticket, options } = await signInOptions(t);
    const res = await signInWith(t, { ticket, response: assert(credential, options, LOCAL) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { user: { _id: ann.id } } });
  });

  it('refuses a replay, a forged ticket, an unknown passkey, a wrong origin and no user verification', async () => {
    const ann = await createUser(t);
    const { credential } = await addPasskey(t, ann);
    const first = await signInOptions(t);
    const body = { ticket: first.ticket, response: assert(credential, first.options, LOCAL) };
    expect((await signInWith(t, body)).statusCode).toBe(200);
    const replay = await signInWith(t, body);
    expect(replay.statusCode).toBe(401);
    expect(messageOf(replay)).toBe(M.expired);
    expect(replay.headers['set-cookie']).toBeUndefined();

    const next = await signInOptions(t);
    const forged = await signInWith(t, {
      ticket: `${next.ticket.split('.')[0]}.${'A'.repeat(43)}`,
      response: assert(credential, next.options, LOCAL),
    });
    expect(forged.statusCode).toBe(401);

    const cases = [
      {
        response: (o: { challenge: string }) =>
          assert(credential, o, { ...LOCAL, origin: 'https://evil.example' }),
        message: M.notVerified,
      },
      {
        response: (o: { challenge: string }) =>
          assert(credential, o, { ...LOCAL, withoutUv: true }),
        message: M.notVerified,
      },
      {
        response: () => assert(credential, { challenge: 'c2Vlbi1iZWZvcmU' }, LOCAL),
        message: M.notVerified,
      },
      {
        response: (o: { challenge: string }) => {
          const stranger = createCredential(
            { challenge: o.challenge, user: { id: 'eA' } },
            LOCAL,
          ).credential;
          return assert(stranger, o, LOCAL);
        },
        message: M.notRecognised,
      },
    ];
    for (const { response, message } of cases) {
      const o = await signInOptions(t);
      const res = await signInWith(t, { ticket: o.ticket, response: response(o.options) });
      expect(res.statusCode).toBe(401);
      expect(messageOf(res)).toBe(message);
    }
  });
});

describe('a passkey as the second step', () => {
  async function withTwoStep() {
    const user = await createUser(t);
    await t.ctx.db
      .insert(totpCredentials)
      .values({ userId: user.id, secretCiphertext: 'x', enabledAt: new Date() });
    const { credential, passkey } = await addPasskey(t, user);
    return { user, credential, passkey };
  }
  async function secondStepTicket(user: TestUser) {
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    const step = await secondStepOf(t.ctx.db, row!);
    expect(step!.secondStep.methods).toContain('passkey');
    return step!.secondStep.ticket;
  }

  it('finishes the sign-in with the account’s passkey and uses the ticket up', async () => {
    const { user, credential, passkey } = await withTwoStep();
    const stepTicket = await secondStepTicket(user);
    const { ticket, options } = await signInOptions(t, stepTicket);
    expect(options.allowCredentials).toEqual([
      { id: passkey._id, type: 'public-key', transports: ['internal'] },
    ]);
    // Presence is enough after the password.
    const response = assert(credential, options, { ...LOCAL, withoutUv: true });
    const res = await signInWith(t, { ticket, response, secondStepTicket: stepTicket });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { user: { _id: user.id } } });
    const reuse = await t.app.inject({
      method: 'POST',
      url: `${PASSKEYS}/sign-in/options`,
      payload: { secondStepTicket: stepTicket },
    });
    expect(reuse.statusCode).toBe(401);
    expect(messageOf(reuse)).toBe(SECOND_STEP_MESSAGES.expired);
  });

  it('refuses another account’s passkey for the ticket, counting it as a wrong attempt', async () => {
    const { user } = await withTwoStep();
    const other = await withTwoStep();
    const stepTicket = await secondStepTicket(user);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const { ticket, options } = await signInOptions(t, stepTicket).catch(() => ({
        ticket: '',
        options: { challenge: '' },
      }));
      if (!ticket) {
        // The ticket ran out of attempts: the sign-in starts over.
        expect(attempt).toBe(6);
        break;
      }
      const res = await signInWith(t, {
        ticket,
        response: assert(other.credential, options, LOCAL),
        secondStepTicket: stepTicket,
      });
      expect(res.statusCode).toBe(401);
      expect(messageOf(res)).toBe(M.wrongAccount);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const dead = await t.app.inject({
      method: 'POST',
      url: `${PASSKEYS}/sign-in/options`,
      payload: { secondStepTicket: stepTicket },
    });
    expect(dead.statusCode).toBe(401);
  });

  it('refuses a second-step ticket sent only with the answer, or another sign-in’s', async () => {
    const { user, credential } = await withTwoStep();
    const stepTicket = await secondStepTicket(user);
    const plain = await signInOptions(t);
    const mixed = await signInWith(t, {
      ticket: plain.ticket,
      response: assert(credential, plain.options, LOCAL),
      secondStepTicket: stepTicket,
    });
    expect(mixed.statusCode).toBe(401);
    const forStep = await signInOptions(t, stepTicket);
    const withoutTicket = await signInWith(t, {
      ticket: forStep.ticket,
      response: assert(credential, forStep.options, LOCAL),
    });
    expect(withoutTicket.statusCode).toBe(401);
  });
});
