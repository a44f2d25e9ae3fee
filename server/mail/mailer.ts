/**
 * Where the site's mail goes (issue 32): an SMTP server through nodemailer when SMTP_URL is set;
 * otherwise, on the default single machine, each message is written to `DATA_DIR/outbox/` as a
 * standard `.eml` file (RFC 822 bytes built by nodemailer's stream transport), so `npm start`
 * works end to end without a mail server. What the caller logs is where a message went: the file's
 * name (a time and random letters, never a token) or the SMTP server's message id.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends one message; resolves with where it went (an outbox file name or an SMTP message id). */
  send(message: MailMessage): Promise<{ sentTo: 'outbox' | 'smtp'; ref: string }>;
  close(): void;
}

/** The outbox folder of the embedded default. */
export const outboxDir = (config: Config) => path.join(config.dataDir, 'outbox');

function smtpMailer(url: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      const info = (await transport.sendMail({ from, ...message })) as { messageId: string };
      return { sentTo: 'smtp', ref: info.messageId };
    },
    close: () => transport.close(),
  };
}

function outboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = (await transport.sendMail({ from, ...message })) as { message: Buffer };
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Written aside and renamed, so a reader of the folder never sees half a message.
      const partial = path.join(dir, `.${name}.part`);
      await writeFile(partial, info.message, { mode: 0o600 });
      await rename(partial, path.join(dir, name));
      return { sentTo: 'outbox', ref: name };
    },
    close: () => transport.close(),
  };
}

const mailers = new WeakMap<Config, Mailer>();

/** The process's mailer for this configuration (one SMTP connection pool per process). */
export function mailerFor(config: Config): Mailer {
  let mailer = mailers.get(config);
  if (!mailer) {
    const { smtpUrl, from } = config.mail;
    mailer = smtpUrl ? smtpMailer(smtpUrl, from) : outboxMailer(outboxDir(config), from);
    mailers.set(config, mailer);
  }
  return mailer;
}
