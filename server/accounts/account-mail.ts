/**
 * Mail the accounts domain asks for, as durable jobs (queue ACCOUNT_MAIL_QUEUE, job-table.ts):
 * a request only queues `{ purpose, userId or address }`, never a token, and answers at once;
 * the job's run (account-mail-job.ts) makes the token, builds the message and sends it, retried
 * on failure. So the raw token exists only in the message, never in the database or the queue.
 */
import type { Db, Tx } from '../db/client.js';
import type { JobQueue } from '../jobs/queue.js';

export const ACCOUNT_MAIL_QUEUE = 'account-mail';

export type AccountMailJob =
  /** Forgot password: the address typed; the run finds the account, if any. */
  | { purpose: 'password-reset'; email: string }
  /** The account's unconfirmed address, or its pending new one. */
  | { purpose: 'email-confirm'; userId: string }
  /** Tell the old address that a change to `newEmail` was asked for. */
  | { purpose: 'email-change-notice'; userId: string; oldEmail: string; newEmail: string };

/** Queues a mail; with `tx`, committed with the write that needs it. */
export async function queueAccountMail(
  ctx: { jobs: JobQueue },
  job: AccountMailJob,
  tx?: Db | Tx,
): Promise<void> {
  await ctx.jobs.send(ACCOUNT_MAIL_QUEUE, job, tx);
}
