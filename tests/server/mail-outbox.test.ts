/**
 * Without SMTP_URL, mail is written to DATA_DIR/outbox/ as standard .eml files, and the log names
 * the file, never the link or the token (nor does the file's name).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';
import { startMailWorker, tokenOf } from './mail-helpers.js';
import { until } from './transcode-helpers.js';

let t: TestApp;
let worker: Awaited<ReturnType<typeof startMailWorker>>;

beforeAll(async () => {
  t = await createTestApp({ port: 4310, publicUrl: undefined });
  worker = await startMailWorker(t);
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

it('writes each message as an .eml in the outbox and logs only its file name', async () => {
  const s = await signUp(t);
  const outbox = path.join(t.dataDir, 'outbox');
  const [name] = await until(
    () => readdir(outbox).catch(() => [] as string[]),
    (names) => names.some((n) => n.endsWith('.eml')),
    20_000,
  );
  expect(name).toMatch(/^[0-9TZ-]+-[0-9a-f]{8}\.eml$/);
  const mail = await simpleParser(await readFile(path.join(outbox, name!)));
  expect(mail.to).toMatchObject({ text: s.credentials.email });
  expect(mail.from?.value).toEqual([{ name: 'VidTube', address: 'no-reply@localhost' }]);
  expect(mail.subject).toBe('Confirm your email address for VidTube');
  // Without PUBLIC_URL, links name this machine at its port (never a request's Host header).
  expect(mail.text).toContain('http://localhost:4310/confirm-email?token=');
  expect(mail.html).toContain('http://localhost:4310/confirm-email?token=');
  const token = tokenOf(mail);
  expect(name).not.toContain(token);
  const line = worker.lines.find((l) => l.msg.startsWith('account mail: sent'));
  expect(line?.msg).toBe(`account mail: sent (outbox ${name})`);
  expect(JSON.stringify(worker.lines)).not.toContain(token);
});
