/**
 * Two-step sign-in (issue 32): setting up with a code computed here with otpauth, the recovery
 * codes, the second step of sign-in and its limits, turning it off.
 */
import { eq } from 'drizzle-orm';
import { authenticatorCode } from '../support/authenticator.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SECOND_STEP_MAX_ATTEMPTS,
  SECOND_STEP_MESSAGES,
  type SecondStepRequired,
} from '../../contract/second-step.js';
import type { TwoStepSetup } from '../../contract/two-step.js';
import { recoveryCodes, signInChallenges, totpCredentials } from '../../server/db/schema.js';
import { USERS, cookieValue, signUp, type Session } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';

const codeAt = authenticatorCode;

describe('two-step sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, cookies: Record<string, string>, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `${USERS}${url}`,
      cookies,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const login = (s: Session) =>
    t.app.inject({
      method: 'POST',
      url: `${USERS}/login`,
      payload: {
        userName: s.credentials.userName,
        email: s.credentials.email,
        password: s.credentials.password,
      },
    });
  const secondStep = (ticket: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: `${USERS}/login/second-step`,
      payload: { ticket, code },
    });
  const ticketOf = async (s: Session) => {
    const res = await login(s);
    expect(res.statusCode).toBe(200);
    expect(cookieValue(res, 'accessToken')).toBeUndefined();
    return res.json<{ data: SecondStepRequired }>().data.secondStep;
  };

  /** Turns two-step sign-in on for a new account: its secret and recovery codes. */
  async function withTwoStep(): Promise<{ s: Session; secret: string; codes: string[] }> {
    const s = await signUp(t);
    const setup = await post('/two-step/setup', s.cookies);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json<{ data: TwoStepSetup }>().data;
    const enable = await post('/two-step/enable', s.cookies, { code: codeAt(secret) });
    expect(enable.statusCode).toBe(200);
    const codes = enable.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes;
    // Sign-in after this asks for the second step; the setup's step is used, so wait for none:
    // the tests sign in with the next step's code, which the ±1 window accepts.
    return { s, secret, codes };
  }

  it('sets up: the secret once as text and QR, confirmed by a first code, then ten recovery codes', async () => {
    const s = await signUp(t);
    expect(
      (await t.app.inject({ method: 'GET', url: `${USERS}/two-step`, cookies: s.cookies })).json(),
    ).toMatchObject({
      data: { enabled: false, recoveryCodesLeft: 0 },
    });
    const setup = (await post('/two-step/setup', s.cookies)).json<{ data: TwoStepSetup }>().data;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/VidTube:/);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    // Stored sealed: the database holds neither the base32 secret nor its bytes in clear.
    const [row] = await t.ctx.db
      .select()
      .from(totpCredentials)
      .where(eq(totpCredentials.userId, s.user._id));
    expect(row?.secretCiphertext).not.toContain(setup.secret);
    expect(row?.enabledAt).toBeNull();

    const wrong = await post('/two-step/enable', s.cookies, {
      code: '000000' === codeAt(setup.secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toContain(
      'That code is not right. Try again.',
    );
    const enabled = await post('/two-step/enable', s.cookies, { code: codeAt(setup.secret) });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    const stored = await t.ctx.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, s.user._id));
    expect(stored).toHaveLength(10);
    for (const r of stored)
      for (const c of codes) expect(r.codeHash).not.toContain(c.replace('-', ''));
    // Once on, the secret is never answered again.
    expect((await post('/two-step/setup', s.cookies)).statusCode).toBe(409);
    const status = await t.app.inject({
      method: 'GET',
      url: `${USERS}/two-step`,
      cookies: s.cookies,
    });
    expect(status.json()).toMatchObject({ data: { enabled: true, recoveryCodesLeft: 10 } });
    expect(status.body).not.toContain(setup.secret);
  });

  it('asks for the second step after the password and signs in with an authenticator code', async () => {
    const { s, secret } = await withTwoStep();
    const step = await ticketOf(s);
    expect(step.methods).toEqual(['totp', 'recovery']);
    const res = await secondStep(step.ticket, codeAt(secret, 1));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { user: { _id: s.user._id } } });
    const accessToken = cookieValue(res, 'accessToken')!;
    const me = await t.app.inject({
      method: 'GET',
      url: `${USERS}/current-user`,
      cookies: { accessToken },
    });
    expect(me.statusCode).toBe(200);
    // The ticket worked once.
    const again = await secondStep(step.ticket, codeAt(secret, 1));
    expect(again.json()).toMatchObject({ statusCode: 401, message: SECOND_STEP_MESSAGES.expired });
  });

  it('takes a code once: the same code on a new ticket is wrong', async () => {
    const { s, secret } = await withTwoStep();
    const code = codeAt(secret, 1);
    expect((await secondStep((await ticketOf(s)).ticket, code)).statusCode).toBe(200);
    const reused = await secondStep((await ticketOf(s)).ticket, code);
    expect(reused.json()).toMatchObject({
      statusCode: 401,
      message: SECOND_STEP_MESSAGES.wrongCode,
    });
  });

  it('accepts a code one step early or late, not two', async () => {
    const { s, secret } = await withTwoStep();
    const { ticket } = await ticketOf(s);
    expect((await secondStep(ticket, codeAt(secret, 3))).statusCode).toBe(401);
    expect((await secondStep(ticket, codeAt(secret, 1))).statusCode).toBe(200);
  });

  it('signs in with a recovery code once (dashes, spaces and case do not matter)', async () => {
    const { s, codes } = await withTwoStep();
    const code = codes[3]!;
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    expect((await secondStep((await ticketOf(s)).ticket, typed)).statusCode).toBe(200);
    const used = await secondStep((await ticketOf(s)).ticket, code);
    expect(used.json()).toMatchObject({ statusCode: 401, message: SECOND_STEP_MESSAGES.wrongCode });
    const status = await t.app.inject({
      method: 'GET',
      url: `${USERS}/two-step`,
      cookies: s.cookies,
    });
    expect(status.json()).toMatchObject({ data: { recoveryCodesLeft: 9 } });
  });

  it("refuses another account's recovery code", async () => {
    const ann = await withTwoStep();
    const bob = await withTwoStep();
    const res = await secondStep((await ticketOf(ann.s)).ticket, bob.codes[0]!);
    expect(res.statusCode).toBe(401);
  });

  it('starts the sign-in over after too many wrong codes', async () => {
    const { s, secret } = await withTwoStep();
    const { ticket } = await ticketOf(s);
    const messages: string[] = [];
    for (let i = 0; i < SECOND_STEP_MAX_ATTEMPTS; i += 1) {
      messages.push((await secondStep(ticket, 'zzzz-zzzz')).json<{ message: string }>().message);
    }
    expect(messages).toEqual([
      ...Array<string>(SECOND_STEP_MAX_ATTEMPTS - 1).fill(SECOND_STEP_MESSAGES.wrongCode),
      SECOND_STEP_MESSAGES.tooManyAttempts,
    ]);
    // Even the right code is refused now: the ticket is gone.
    const late = await secondStep(ticket, codeAt(secret, 1));
    expect(late.json()).toMatchObject({ statusCode: 401, message: SECOND_STEP_MESSAGES.expired });
  });

  it('refuses forged, malformed and expired tickets the same way', async () => {
    const { s, secret } = await withTwoStep();
    const { ticket } = await ticketOf(s);
    const [id] = ticket.split('.');
    for (const forged of [
      `${id}.AAAA`,
      'nodot',
      `${ticket}.x`,
      `AAAAAAAAAAAAAAAA.${ticket.split('.')[1]}`,
    ]) {
      const res = await secondStep(forged, codeAt(secret, 1));
      expect(res.json()).toMatchObject({ statusCode: 401, message: SECOND_STEP_MESSAGES.expired });
    }
    await t.ctx.db
      .update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInChallenges.id, id!));
    const expired = await secondStep(ticket, codeAt(secret, 1));
    expect(expired.json()).toMatchObject({
      statusCode: 401,
      message: SECOND_STEP_MESSAGES.expired,
    });
  });

  it('makes new recovery codes for a current code; the old ones stop working', async () => {
    const { s, secret, codes } = await withTwoStep();
    expect((await post('/two-step/recovery-codes', s.cookies, { code: '12345' })).statusCode).toBe(
      400,
    );
    const res = await post('/two-step/recovery-codes', s.cookies, { code: codeAt(secret, 1) });
    expect(res.statusCode).toBe(200);
    const fresh = res.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await secondStep((await ticketOf(s)).ticket, codes[0]!)).statusCode).toBe(401);
    expect((await secondStep((await ticketOf(s)).ticket, fresh[0]!)).statusCode).toBe(200);
  });

  it('turns off only with a right code (or a recovery code); then sign-in needs the password alone', async () => {
    const { s, codes } = await withTwoStep();
    const wrong = await post('/two-step/disable', s.cookies, { code: 'abcd-efgh' });
    expect(wrong.statusCode).toBe(400);
    expect((await post('/two-step/disable', s.cookies, { code: codes[0]! })).statusCode).toBe(200);
    const res = await login(s);
    expect(res.json()).toMatchObject({ data: { user: { _id: s.user._id } } });
    expect(
      await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, s.user._id)),
    ).toEqual([]);
  });

  it('sweeps expired challenges in the maintenance pass', async () => {
    const { deleteExpiredChallenges } = await import('../../server/accounts/index.js');
    const { s } = await withTwoStep();
    const { ticket } = await ticketOf(s);
    const [id] = ticket.split('.');
    await t.ctx.db
      .update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInChallenges.id, id!));
    expect(await deleteExpiredChallenges(t.ctx.db)).toBeGreaterThanOrEqual(1);
    expect(
      await t.ctx.db.select().from(signInChallenges).where(eq(signInChallenges.id, id!)),
    ).toEqual([]);
  });
});
