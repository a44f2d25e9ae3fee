/**
 * One run of an account-mail job (account-mail.ts): reads the account as it is now, makes the
 * link's token (its hash replaces the account's older token of that purpose), builds the message
 * and sends it (mail/mailer.ts). A job that finds nothing to send (no account uses the address,
 * the address was confirmed meanwhile) ends quietly. A retry after a send that did go out makes a
 * new token, so only the newest message's link works.
 *
 * Logs say where a message went (the outbox file's name or the SMTP message id), never its
 * link, token or address.
 */
import { eq } from 'drizzle-orm';
import {
  EMAIL_CONFIRM_TTL_MS,
  MAIL_LINK_PATHS,
  PASSWORD_RESET_TTL_MS,
} from '../../contract/account-mail.js';
import type { Config } from '../config.js';
import type { ServerContext } from '../context.js';
import { users } from '../db/schema.js';
import type { JobRun } from '../jobs/job-definition.js';
import { mailerFor, type MailMessage } from '../mail/mailer.js';
import type { AccountMailJob } from './account-mail.js';
import {
  confirmEmailMessage,
  emailChangeNotice,
  passwordResetMessage,
} from './account-mail-messages.js';
import { issueToken } from './account-tokens.js';

/**
 * The origin of mailed links: PUBLIC_URL, else this machine at its port. Never the request's Host
 * header: a forged Host would mail the victim a link to the forger's site, token included.
 */
export const linkOrigin = (config: Config) => config.publicUrl ?? `http://localhost:${config.port}`;

const link = (config: Config, path: string, token: string) =>
  `${linkOrigin(config)}${path}?token=${encodeURIComponent(token)}`;

async function accountOf(ctx: ServerContext, where: ReturnType<typeof eq>) {
  const [row] = await ctx.db
    .select({
      id: users.id,
      userName: users.userName,
      email: users.email,
      emailConfirmedAt: users.emailConfirmedAt,
      pendingEmail: users.pendingEmail,
    })
    .from(users)
    .where(where);
  return row;
}

/** The message the job asks for, with a fresh token where it has a link; null: nothing to send. */
async function messageOf(ctx: ServerContext, job: AccountMailJob): Promise<MailMessage | null> {
  if (job.purpose === 'password-reset') {
    const account = await accountOf(ctx, eq(users.email, job.email));
    if (!account) return null;
    const token = await issueToken(ctx.db, {
      userId: account.id,
      purpose: 'password-reset',
      email: account.email,
      ttlMs: PASSWORD_RESET_TTL_MS,
    });
    return passwordResetMessage(
      account.email,
      account.userName,
      link(ctx.config, MAIL_LINK_PATHS.resetPassword, token),
    );
  }
  const account = await accountOf(ctx, eq(users.id, job.userId));
  if (!account) return null;
  if (job.purpose === 'email-change-notice') {
    return emailChangeNotice(job.oldEmail, account.userName, job.newEmail);
  }
  const address = account.pendingEmail ?? (account.emailConfirmedAt ? null : account.email);
  if (!address) return null;
  const token = await issueToken(ctx.db, {
    userId: account.id,
    purpose: 'email-confirm',
    email: address,
    ttlMs: EMAIL_CONFIRM_TTL_MS,
  });
  return confirmEmailMessage(
    address,
    account.userName,
    link(ctx.config, MAIL_LINK_PATHS.confirmEmail, token),
    account.pendingEmail !== null,
  );
}

export async function runAccountMail(
  ctx: ServerContext,
  job: AccountMailJob,
  run: Pick<JobRun, 'log'>,
): Promise<void> {
  const message = await messageOf(ctx, job);
  if (!message) {
    run.log.info({ purpose: job.purpose }, 'account mail: nothing to send');
    return;
  }
  const sent = await mailerFor(ctx.config).send(message);
  run.log.info(
    { purpose: job.purpose, ...sent },
    `account mail: sent (${sent.sentTo} ${sent.ref})`,
  );
}
