/**
 * Mail in server tests: a real SMTP server in-process (smtp-server) whose messages are parsed by
 * mailparser, and the account-mail job worked by an in-process worker (as `npm start` does).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { accountMailJob } from '../../server/job-table.js';
import { startJobWorkers, type JobWorkers } from '../../server/jobs/job-workers.js';
import type { TestApp } from './helpers.js';
import { until } from './transcode-helpers.js';

export interface Inbox {
  url: string;
  /** Every message received, in order. */
  messages: ParsedMail[];
  /** Waits for the next message to `to` not returned before. */
  next(to: string): Promise<ParsedMail>;
  close(): Promise<void>;
}

export const recipient = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [])
    .flatMap((a) => a.value.map((v) => v.address ?? ''))
    .join(',');

export async function startSmtp(): Promise<Inbox> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const taken = new Set<ParsedMail>();
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async next(to) {
      const mail = await until(
        async () => messages.find((m) => !taken.has(m) && recipient(m) === to),
        (m) => m !== undefined,
        20_000,
      );
      taken.add(mail!);
      return mail!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the first link in a message's text. */
export function linkOf(mail: ParsedMail): URL {
  const match = /https?:\/\/\S+\?token=\S+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no link in: ${mail.text}`);
  return new URL(match[0]);
}

export const tokenOf = (mail: ParsedMail) => linkOf(mail).searchParams.get('token') ?? '';

export interface LogLine {
  msg: string;
  [key: string]: unknown;
}

/** Works account-mail jobs in this process; `lines` gathers what the runs logged. */
export async function startMailWorker(t: TestApp): Promise<JobWorkers & { lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const record = (fields: object | string, msg?: string) =>
    lines.push(typeof fields === 'string' ? { msg: fields } : { ...fields, msg: msg ?? '' });
  const log = { info: record, warn: record, error: record, debug: record } as never;
  const workers = await startJobWorkers(t.ctx, log, [accountMailJob]);
  return { ...workers, lines };
}

/** The rows of a raw statement (both drivers' results carry `rows`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Resolves once no account-mail job waits or runs (each asked-for mail was sent or skipped). */
export async function mailJobsSettled(t: TestApp): Promise<void> {
  await until(
    async () => {
      const [row] = rowsOf<{ n: number }>(
        await t.ctx.db.execute(
          "select count(*)::int as n from pgboss.job where name = 'account-mail' and state in ('created', 'retry', 'active')",
        ),
      );
      return row?.n ?? 0;
    },
    (n) => n === 0,
    20_000,
  );
}
