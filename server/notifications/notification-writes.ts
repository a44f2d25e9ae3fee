/**
 * Writes notifications inside the transaction of the event that causes them (an upload, a
 * subscription, a comment, a like, the end of a conversion). Every writer goes through here, so
 * the three rules hold in one place: never to the one who acted, never a type the recipient
 * switched off, and once per dedupe key (ON CONFLICT DO NOTHING on notifications_dedupe_idx).
 * Only ids are stored (schema.ts, notifications); visibility is decided when listed.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { NotificationType } from '../../contract/notifications.js';
import type { Db, Tx } from '../db/client.js';
import { fixedText } from '../db/fixed-text.js';

/** A fresh id made by the database (22 URL-safe characters), for INSERT … SELECT. */
const newIdSql = sql`rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=')`;

const notMuted = (userColumn: ReturnType<typeof sql>, type: NotificationType) =>
  sql`not exists (select 1 from notification_mutes m where m.user_id = ${userColumn} and m.type = ${type})`;

export interface OneNotification {
  recipientId: string;
  type: NotificationType;
  /** Who acted (stored and shown); no notification when it is the recipient. */
  actorId?: string | null;
  /** Who caused it when no actor is shown (a milestone's last like); default `actorId`. */
  causedBy?: string | null;
  videoId?: string | null;
  commentId?: string | null;
  milestone?: number | null;
  dedupeKey: string;
}

/** Writes one notification unless the rules above refuse it; true when a row was written. */
export async function notifyOne(tx: Db | Tx, n: OneNotification): Promise<boolean> {
  const statement = notificationWrite(n);
  if (!statement) return false;
  const result = await tx.execute(fixedText(`notify-one:${n.type}`, statement));
  return (result as { rows: unknown[] }).rows.length > 0;
}

/**
 * notifyOne's statement (returning the recipient when written), or undefined when it would notify
 * the one who acted. `when` makes it part of a larger statement: written only if that holds (a
 * comment's insert and its creator's notice as one statement, comments.ts).
 */
export function notificationWrite(n: OneNotification, when: SQL = sql`true`): SQL | undefined {
  const causedBy = n.causedBy ?? n.actorId;
  if (causedBy && causedBy === n.recipientId) return undefined;
  return sql`
    insert into notifications (id, recipient_id, type, actor_id, video_id, comment_id, milestone, dedupe_key)
    select ${newIdSql}, ${n.recipientId}, ${n.type}, ${n.actorId ?? null}, ${n.videoId ?? null},
           ${n.commentId ?? null}, ${n.milestone ?? null}, ${n.dedupeKey}
    where ${when} and ${notMuted(sql`${n.recipientId}`, n.type)}
    on conflict (recipient_id, dedupe_key) do nothing
    returning recipient_id`;
}

/**
 * "New video" to every subscriber of its channel who has the type on: one INSERT … SELECT, however
 * many subscribers (a loop would hold the upload's transaction for a round trip per subscriber).
 * Returns how many were written. The uploader is never their own subscriber (a check constraint).
 */
export async function notifySubscribersOfVideo(
  tx: Db | Tx,
  videoId: string,
  channelId: string,
): Promise<number> {
  const result = await tx.execute(sql`
    insert into notifications (id, recipient_id, type, actor_id, video_id, dedupe_key)
    select ${newIdSql}, s.subscriber_id, 'newVideo', ${channelId}, ${videoId}, ${`newVideo:${videoId}`}
    from subscriptions s
    where s.channel_id = ${channelId} and ${notMuted(sql`s.subscriber_id`, 'newVideo')}
    on conflict (recipient_id, dedupe_key) do nothing
    returning id`);
  return (result as { rows: unknown[] }).rows.length;
}

/** Like counts that notify the video's owner: 10, 100, 1 000 … */
export function isLikeMilestone(count: number): boolean {
  if (count < 10) return false;
  let n = count;
  while (n % 10 === 0) n /= 10;
  return n === 1;
}

/**
 * "Your video is ready" to the owners of `videoIds` whose processing just ended in `outcome`. A
 * conversion that fails and then, retried, succeeds notifies once for each ending.
 */
export async function notifyProcessingEnded(
  tx: Db | Tx,
  videoIds: string[],
  outcome: 'ready' | 'failed',
): Promise<string[]> {
  if (videoIds.length === 0) return [];
  const result = await tx.execute(sql`
    insert into notifications (id, recipient_id, type, video_id, dedupe_key)
    select ${newIdSql}, v.owner_id, 'videoReady', v.id, 'processed:' || v.id || ':' || ${outcome}
    from videos v
    where v.id in ${videoIds} and ${notMuted(sql`v.owner_id`, 'videoReady')}
    on conflict (recipient_id, dedupe_key) do nothing
    returning recipient_id`);
  return (result as { rows: { recipient_id: string }[] }).rows.map((r) => r.recipient_id);
}
