/**
 * The rules of the text fields people type, as JSON Schema fragments: the one copy of them. The
 * TypeBox schemas of the contract are built from these objects (`Type.String(TEXT_RULES.userName)`),
 * the server's ajv checks them, and the SPA checks what is typed against the same objects
 * (machines/text-check.ts) before anything is sent.
 *
 * Like limits.ts, this module imports no TypeBox: the signup page's chunk reads it, and TypeBox's
 * runtime (~11 kB gzip) would follow it there.
 */
import { LIMITS } from './limits.js';

/**
 * What a text rule may say: the JSON Schema keywords the SPA evaluates. A field that needs another
 * keyword adds it here and to machines/text-check.ts (its test refuses any keyword it does not know).
 */
export interface TextRule {
  /** The field's label, when its name alone does not say it (`content` of a tweet or a comment). */
  readonly title?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** Tested with the `u` flag, as ajv does. */
  readonly pattern?: string;
  readonly format?: 'email';
}

/**
 * An email address, the expression of ajv-formats' `email` format ("full" mode), which the server
 * used until it was taken in here: the server registers this very RegExp as ajv's `email` format
 * (server/app.ts), so both sides accept exactly the same addresses.
 */
export const EMAIL_FORMAT =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** The formats a TextRule may name, for the SPA's checks (the server has ajv's copy of each). */
export const TEXT_FORMATS: Readonly<Record<NonNullable<TextRule['format']>, RegExp>> = {
  email: EMAIL_FORMAT,
};

/**
 * Each typed field's rule. Lengths count characters (code points) after the server's trimming;
 * userName and email are also lower-cased first (server/accounts/users.routes.ts), so "Alice" is accepted
 * and stored as "alice".
 */
export const TEXT_RULES = {
  userName: {
    minLength: LIMITS.userName.min,
    maxLength: LIMITS.userName.max,
    pattern: LIMITS.userName.pattern,
  },
  fullName: { minLength: LIMITS.fullName.min, maxLength: LIMITS.fullName.max },
  email: { format: 'email', maxLength: LIMITS.email.max },
  /** At least one non-space character: a password of blanks is a blank field. */
  password: { minLength: LIMITS.password.min, maxLength: LIMITS.password.max, pattern: '\\S' },
  videoTitle: { minLength: LIMITS.title.min, maxLength: LIMITS.title.max },
  videoDescription: { maxLength: LIMITS.description.max },
  tweet: { title: 'Tweet', minLength: LIMITS.tweet.min, maxLength: LIMITS.tweet.max },
  comment: { title: 'Comment', minLength: LIMITS.comment.min, maxLength: LIMITS.comment.max },
  playlistName: { minLength: LIMITS.playlistName.min, maxLength: LIMITS.playlistName.max },
  playlistDescription: { maxLength: LIMITS.playlistDescription.max },
} as const satisfies Record<string, TextRule>;
