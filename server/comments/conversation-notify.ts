/**
 * The bell's entries for a comment or reply once it is published (at once, or when the creator
 * approves a held one), through notifyOne (never to oneself, the recipient's per-type settings,
 * once per dedupe key): the creator hears of a new comment (`comment`), a thread's author and
 * whom a reply answers of the reply (`reply`), and at most CONVERSATION.mentionsNotified users an
 * @userName names who exist and may see the video (`mention`). Nobody hears twice of one comment.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { CONVERSATION } from '../../contract/limits.js';
import type { Db, Tx } from '../db/client.js';
import { users } from '../db/schema.js';
import { notifyOne, type OneNotification } from '../notifications/index.js';

export interface PublishedComment {
  id: string;
  videoId: string;
  videoOwnerId: string;
  videoPublished: boolean;
  authorId: string;
  content: string;
  /** The thread a reply is in; null for a comment. */
  parentId: string | null;
  /** For a reply: the thread's comment author (null when it was deleted) and whom it answers. */
  threadAuthorId: string | null;
  replyToUserId: string | null;
}

/** The first `mentionsNotified` distinct @userNames of `content`, lower-cased. */
export function mentionedNames(content: string): string[] {
  const names = new Set<string>();
  for (const match of content.matchAll(/(?<![\p{L}\p{N}_.@])@([a-z0-9_.]{3,30})/giu)) {
    names.add(match[1]!.toLowerCase().replace(/\.+$/u, ''));
    if (names.size === CONVERSATION.mentionsNotified) break;
  }
  return [...names].filter((name) => name.length >= 3);
}

/** Mentions only (an edit that names someone new). Returns who was notified. */
export async function notifyMentions(
  tx: Db | Tx,
  c: PublishedComment,
  alreadyNotified: Set<string> = new Set(),
): Promise<string[]> {
  const names = mentionedNames(c.content);
  if (names.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.userName, names),
        // Only users who may see the video: everyone while it is published, else its owner.
        c.videoPublished ? undefined : eq(users.id, c.videoOwnerId),
      ),
    );
  const written: string[] = [];
  for (const { id } of rows) {
    if (alreadyNotified.has(id) || id === c.authorId) continue;
    const ok = await notifyOne(tx, {
      recipientId: id,
      type: 'mention',
      actorId: c.authorId,
      videoId: c.videoId,
      commentId: c.id,
      dedupeKey: `mention:${c.id}`,
    });
    if (ok) written.push(id);
  }
  return written;
}

/**
 * The notices a newly published comment or reply gives before its mentions: the creator's of a
 * comment, the thread author's and the answered user's of a reply (each person once).
 */
export function directNotices(c: PublishedComment): OneNotification[] {
  const targets =
    c.parentId === null
      ? [{ to: c.videoOwnerId, type: 'comment' as const }]
      : [c.threadAuthorId, c.replyToUserId]
          .filter((id): id is string => id !== null)
          .map((to) => ({ to, type: 'reply' as const }));
  const notices: OneNotification[] = [];
  for (const { to, type } of targets) {
    if (notices.some((notice) => notice.recipientId === to)) continue;
    notices.push({
      recipientId: to,
      type,
      actorId: c.authorId,
      videoId: c.videoId,
      commentId: c.id,
      dedupeKey: `${type}:${c.id}`,
    });
  }
  return notices;
}

/** Everything a newly published comment or reply notifies. Returns the recipients written. */
export async function notifyPublished(tx: Tx, c: PublishedComment): Promise<string[]> {
  const notices = directNotices(c);
  const written: string[] = [];
  for (const notice of notices) {
    if (await notifyOne(tx, notice)) written.push(notice.recipientId);
  }
  const told = new Set(notices.map((notice) => notice.recipientId));
  written.push(...(await notifyMentions(tx, c, told)));
  return written;
}
