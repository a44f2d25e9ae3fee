/**
 * Issue 32's mailed links, with mail read from a real SMTP server in-process: forgot password and
 * reset (single use, newest only, 30 minutes, every session ended, no account revealed, limited
 * per address), the confirmation after sign-up and after a change of email (the old address told),
 * the upload setting, and tokens kept out of the database, the queue and the logs.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MAIL_MESSAGES, MAIL_REQUEST_LIMIT } from '../../contract/account-mail.js';
import type { User } from '../../contract/shapes.js';
import { accountTokens, users } from '../../server/db/schema.js';
import { USERS, signIn, signUp, type Session } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';
import {
  linkOf,
  mailJobsSettled,
  startMailWorker,
  rowsOf,
  startSmtp,
  tokenOf,
  type Inbox,
  type LogLine,
} from './mail-helpers.js';

const PUBLIC_URL = 'https://videos.example.test';

let t: TestApp;
let inbox: Inbox;
let worker: Awaited<ReturnType<typeof startMailWorker>>;

beforeAll(async () => {
  inbox = await startSmtp();
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    mail: { smtpUrl: inbox.url, from: 'VidTube <no-reply@videos.example.test>' },
  });
  worker = await startMailWorker(t);
});

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await inbox?.close();
});

const post = (url: string, payload: object, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `${USERS}${url}`, payload, cookies });
const forgot = (email: string) => post('/password-reset/request', { email });
const reset = (token: string, password: string) => post('/password-reset', { token, password });
const confirm = (token: string, s?: Session) =>
  post('/email-confirmation', { token }, s?.cookies ?? {});
const me = async (s: Session) => {
  const res = await t.app.inject({ url: `${USERS}/current-user`, cookies: s.cookies });
  return res.statusCode === 200 ? res.json<{ data: User }>().data : res.statusCode;
};
const canSignIn = async (s: Session, password: string, email = s.credentials.email) =>
  (
    await post('/login', {
      userName: s.credentials.userName,
      email,
      password,
    })
  ).statusCode === 200;

/** A fresh account whose sign-up confirmation mail has been read. */
async function newAccount(): Promise<Session> {
  const s = await signUp(t);
  await inbox.next(s.credentials.email);
  return s;
}

describe('forgot password', () => {
  it('mails a link that sets a new password once and ends every session', async () => {
    const s = await newAccount();
    const other = await signIn(t, s.credentials);
    const asked = await forgot(s.credentials.email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ message: ACCOUNT_MAIL_MESSAGES.resetRequested });

    const mail = await inbox.next(s.credentials.email);
    expect(mail.subject).toBe('Reset your VidTube password');
    expect(mail.from?.text).toContain('no-reply@videos.example.test');
    expect(linkOf(mail).origin + linkOf(mail).pathname).toBe(`${PUBLIC_URL}/reset-password`);
    expect(mail.html).toContain(`href="${linkOf(mail).href.replace(/&/g, '&amp;')}"`);
    expect(mail.text).toContain(`@${s.credentials.userName}`);

    const res = await reset(tokenOf(mail), 'a brand new password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: ACCOUNT_MAIL_MESSAGES.passwordReset });
    expect(await me(s)).toBe(401);
    expect(await me(other)).toBe(401);
    expect(await canSignIn(s, s.credentials.password)).toBe(false);
    expect(await canSignIn(s, 'a brand new password')).toBe(true);

    const again = await reset(tokenOf(mail), 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: `token: ${ACCOUNT_MAIL_MESSAGES.badResetLink}`,
    });
    expect(await canSignIn(s, 'a brand new password')).toBe(true);
  });

  it('answers an address without an account exactly as one with an account, and mails nothing', async () => {
    const s = await newAccount();
    const known = await forgot(s.credentials.email);
    const unknown = await forgot(`nobody-${Date.now()}@example.org`);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await inbox.next(s.credentials.email);
    await mailJobsSettled(t);
    expect(inbox.messages.filter((m) => /nobody-/.test(JSON.stringify(m.to)))).toEqual([]);
  });

  it('keeps only the newest link working', async () => {
    const s = await newAccount();
    await forgot(s.credentials.email);
    const first = await inbox.next(s.credentials.email);
    await forgot(s.credentials.email);
    const second = await inbox.next(s.credentials.email);
    expect((await reset(tokenOf(first), 'first new password')).statusCode).toBe(400);
    expect(await canSignIn(s, s.credentials.password)).toBe(true);
    expect((await reset(tokenOf(second), 'second new password')).statusCode).toBe(200);
  });

  it('refuses an expired link and changes nothing', async () => {
    const s = await newAccount();
    await forgot(s.credentials.email);
    const mail = await inbox.next(s.credentials.email);
    await t.ctx.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.userId, s.user._id));
    const res = await reset(tokenOf(mail), 'too late password');
    expect(res.statusCode).toBe(400);
    expect(await canSignIn(s, s.credentials.password)).toBe(true);
    expect(await me(s)).not.toBe(401);
  });

  it('refuses forged tokens and a confirmation token used as a reset token', async () => {
    const s = await signUp(t);
    const confirmation = await inbox.next(s.credentials.email);
    for (const token of ['forged', 'A'.repeat(43), tokenOf(confirmation)]) {
      const res = await reset(token, 'forged new password');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: `token: ${ACCOUNT_MAIL_MESSAGES.badResetLink}` });
    }
    expect(await canSignIn(s, s.credentials.password)).toBe(true);
  });

  it('applies the password rules of sign-up', async () => {
    const s = await newAccount();
    await forgot(s.credentials.email);
    const token = tokenOf(await inbox.next(s.credentials.email));
    const res = await reset(token, '   ');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^password: /);
    expect((await reset(token, 'a good new password')).statusCode).toBe(200);
  });

  it('limits requests per address, whoever asks', async () => {
    const address = `limited-${Date.now()}@example.org`;
    for (let i = 0; i < 3; i += 1) {
      const r = await forgot(address);
      expect(r.statusCode, r.body).toBe(200);
    }
    const refused = await forgot(address.toUpperCase());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: ACCOUNT_MAIL_MESSAGES.tooManyRequests });
    expect((await forgot(`other-${address}`)).statusCode).toBe(200);
  });

  it('stores only the hash of a token, and queues and logs none', async () => {
    const s = await newAccount();
    await forgot(s.credentials.email);
    const token = tokenOf(await inbox.next(s.credentials.email));
    const [row] = await t.ctx.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, s.user._id));
    expect(JSON.stringify(row)).not.toContain(token);
    const jobs = rowsOf<{ data: string }>(
      await t.ctx.db.execute(
        sql`select data::text as data from pgboss.job where name = 'account-mail'`,
      ),
    );
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.some((j) => j.data.includes(token))).toBe(false);
    const logged = JSON.stringify(worker.lines satisfies LogLine[]);
    expect(logged).toContain('account mail: sent');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(s.credentials.email);
  });
});

describe('confirmed email', () => {
  it('mails a confirmation link after sign-up; opening it confirms the address', async () => {
    const s = await signUp(t);
    expect(await me(s)).toMatchObject({ emailConfirmed: false, pendingEmail: null });
    const mail = await inbox.next(s.credentials.email);
    expect(mail.subject).toBe('Confirm your email address for VidTube');
    expect(linkOf(mail).pathname).toBe('/confirm-email');
    const res = await confirm(tokenOf(mail));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { email: s.credentials.email },
      message: ACCOUNT_MAIL_MESSAGES.emailConfirmed,
    });
    expect(await me(s)).toMatchObject({ emailConfirmed: true });
    expect((await confirm(tokenOf(mail))).statusCode).toBe(400);
    const resend = await post('/email-confirmation/resend', {}, s.cookies);
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ message: ACCOUNT_MAIL_MESSAGES.alreadyConfirmed });
  });

  it('sends the link again on request (the newest alone works), limited per account', async () => {
    const s = await signUp(t);
    const first = await inbox.next(s.credentials.email);
    const res = await post('/email-confirmation/resend', {}, s.cookies);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: ACCOUNT_MAIL_MESSAGES.confirmationSent });
    const second = await inbox.next(s.credentials.email);
    expect((await confirm(tokenOf(first))).statusCode).toBe(400);
    expect((await confirm(tokenOf(second))).statusCode).toBe(200);

    const other = await signUp(t);
    for (let i = 0; i < 3; i += 1) {
      expect((await post('/email-confirmation/resend', {}, other.cookies)).statusCode).toBe(200);
    }
    expect((await post('/email-confirmation/resend', {}, other.cookies)).statusCode).toBe(429);
    expect((await post('/email-confirmation/resend', {})).statusCode).toBe(401);
  });

  it("refuses a link of someone else's account while signed in, and keeps it", async () => {
    const owner = await signUp(t);
    const mail = await inbox.next(owner.credentials.email);
    const intruder = await newAccount();
    const res = await confirm(tokenOf(mail), intruder);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: ACCOUNT_MAIL_MESSAGES.otherAccountsLink });
    expect(await me(owner)).toMatchObject({ emailConfirmed: false });
    expect((await confirm(tokenOf(mail), owner)).statusCode).toBe(200);
  });

  it('changes the email only when the new address confirms, and tells the old one', async () => {
    const s = await newAccount();
    const newEmail = `moved-${s.credentials.userName}@example.org`;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${USERS}/update-Account-Details`,
      cookies: s.cookies,
      payload: { fullName: 'Moved Person', email: newEmail },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: User }>().data).toMatchObject({
      fullName: 'Moved Person',
      email: s.credentials.email,
      pendingEmail: newEmail,
    });
    const notice = await inbox.next(s.credentials.email);
    expect(notice.subject).toBe('Your VidTube email address is being changed');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toMatch(/token=/);
    const link = await inbox.next(newEmail);
    expect(await canSignIn(s, s.credentials.password, newEmail)).toBe(false);

    const done = await confirm(tokenOf(link));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ data: { email: newEmail } });
    expect(await me(s)).toMatchObject({
      email: newEmail,
      pendingEmail: null,
      emailConfirmed: true,
    });
    expect(await canSignIn(s, s.credentials.password, newEmail)).toBe(true);
  });

  it('limits the new addresses an account mails to, refusing the change whole past the limit', async () => {
    const s = await newAccount();
    const change = (email: string, fullName: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `${USERS}/update-Account-Details`,
        cookies: s.cookies,
        payload: { fullName, email },
      });
    const address = (n: number) => `try${n}-${s.credentials.userName}@example.org`;
    for (let n = 1; n <= MAIL_REQUEST_LIMIT.max; n++) {
      expect((await change(address(n), `Mover ${n}`)).statusCode).toBe(200);
      await inbox.next(address(n));
    }
    // The same pending address again mails nothing, so it does not count.
    expect((await change(address(MAIL_REQUEST_LIMIT.max), 'Same Again')).statusCode).toBe(200);
    const refused = await change(address(99), 'Too Many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: ACCOUNT_MAIL_MESSAGES.tooManyRequests });
    expect(await me(s)).toMatchObject({
      fullName: 'Same Again',
      pendingEmail: address(MAIL_REQUEST_LIMIT.max),
    });
  });

  it('refuses a change link once another account took the address, changing nothing', async () => {
    const s = await newAccount();
    const wanted = `wanted-${s.credentials.userName}@example.org`;
    await t.app.inject({
      method: 'PATCH',
      url: `${USERS}/update-Account-Details`,
      cookies: s.cookies,
      payload: { fullName: 'Slow Mover', email: wanted },
    });
    const link = await inbox.next(wanted);
    await signUp(t, { email: wanted });
    const res = await confirm(tokenOf(link));
    expect(res.statusCode).toBe(409);
    expect(await me(s)).toMatchObject({ email: s.credentials.email, pendingEmail: wanted });
  });
});

describe('REQUIRE_CONFIRMED_EMAIL_TO_UPLOAD', () => {
  it('refuses uploads with a clear message until the address is confirmed', async () => {
    const strict = await createTestApp({ requireConfirmedEmailToUpload: true });
    try {
      const s = await signUp(strict);
      const tus = () =>
        strict.app.inject({
          method: 'POST',
          url: '/api/v1/videos/uploads',
          cookies: s.cookies,
          headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
        });
      const multipart = () =>
        strict.app.inject({ method: 'POST', url: '/api/v1/videos', cookies: s.cookies });
      for (const res of [await tus(), await multipart()]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ message: ACCOUNT_MAIL_MESSAGES.confirmToUpload });
      }
      await strict.ctx.db
        .update(users)
        .set({ emailConfirmedAt: new Date() })
        .where(eq(users.id, s.user._id));
      expect((await tus()).statusCode).not.toBe(403);
      expect((await multipart()).statusCode).not.toBe(403);
    } finally {
      await strict.close();
    }
  });
});
