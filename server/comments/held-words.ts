/**
 * A channel's held words: words or phrases that hold a comment or reply on its videos for the
 * creator's review. Stored trimmed, inner spaces collapsed and lower-cased, without duplicates,
 * alphabetical; at most CONVERSATION.heldWords.max of wordMin…wordMax characters. A comment holds
 * when one of them appears in it whole (letters, digits or _ on neither side), ignoring case. The
 * creator's own comments are never held.
 */
import { eq } from 'drizzle-orm';
import type { HeldWords } from '../../contract/conversation.js';
import { CONVERSATION } from '../../contract/limits.js';
import type { Db, Tx } from '../db/client.js';
import { fixedText } from '../db/fixed-text.js';
import { channelHeldWords } from '../db/schema.js';
import { invalid } from '../errors.js';

const { heldWords: bounds } = CONVERSATION;

export const heldWordLengthMessage = (word: string) =>
  `words: Each held word must be ${bounds.wordMin} to ${bounds.wordMax} characters ("${word}" is not)`;
export const HELD_WORDS_TOO_MANY = `words: At most ${bounds.max} held words`;

export function normalizeHeldWord(word: string): string {
  return word.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase();
}

/** The list to store: normalized, deduplicated, alphabetical; 400 on a word out of bounds. */
export function normalizeHeldWords(words: string[]): string[] {
  const out = new Set<string>();
  for (const raw of words) {
    const word = normalizeHeldWord(raw);
    const length = [...word].length;
    if (length < bounds.wordMin || length > bounds.wordMax)
      throw invalid(heldWordLengthMessage(word));
    out.add(word);
  }
  if (out.size > bounds.max) throw invalid(HELD_WORDS_TOO_MANY);
  return [...out].sort();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** Whether `content` holds one of `words` whole, ignoring case. */
export function containsHeldWord(content: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const text = content.normalize('NFC');
  return words.some((word) => {
    const body = word.split(' ').map(escapeRegExp).join('\\s+');
    return new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, 'iu').test(text);
  });
}

export async function heldWordsOf(db: Db | Tx, channelId: string): Promise<string[]> {
  const rows = await fixedText(
    'held-words',
    db
      .select({ word: channelHeldWords.word })
      .from(channelHeldWords)
      .where(eq(channelHeldWords.channelId, channelId)),
  );
  return rows.map((r) => r.word).sort();
}

/** Replaces the channel's whole list. */
export async function setHeldWords(db: Db, channelId: string, words: string[]): Promise<HeldWords> {
  const list = normalizeHeldWords(words);
  await db.transaction(async (tx) => {
    await tx.delete(channelHeldWords).where(eq(channelHeldWords.channelId, channelId));
    if (list.length > 0) {
      await tx.insert(channelHeldWords).values(list.map((word) => ({ channelId, word })));
    }
  });
  return { words: list };
}

/** The status a new or edited comment of `authorId` on `channelId`'s video is stored with. */
export async function statusFor(
  db: Db | Tx,
  channelId: string,
  authorId: string,
  content: string,
): Promise<'published' | 'held'> {
  if (authorId === channelId) return 'published';
  return statusAmong(await heldWordsOf(db, channelId), channelId, authorId, content);
}

/** statusFor, with the channel's held words already read. */
export function statusAmong(
  words: readonly string[],
  channelId: string,
  authorId: string,
  content: string,
): 'published' | 'held' {
  if (authorId === channelId) return 'published';
  return containsHeldWord(content, words) ? 'held' : 'published';
}
