/**
 * What a refused field tells a person, in words: each field's label and each broken rule as a
 * sentence ("User name may use lower-case letters, digits, dots and underscores"). The server's
 * error handler words every validation failure with it, the services word their own refusals
 * (a taken email, a wrong password) with it, and the SPA words what it checks before sending with
 * it, so a person reads the same sentence whichever side noticed.
 *
 * The envelope's message names the field first (API.md: validation errors name the field):
 * `field: Sentence`, several joined by "; ". `parseFieldMessages` reads that back, so a form can
 * put each sentence beside its field. No TypeBox here (see field-rules.ts).
 */
import { formatBytes } from './format-bytes.js';
import { LIMITS } from './limits.js';

/** Labels of the API's field names, as the forms name them. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  userName: 'User name',
  fullName: 'Full name',
  email: 'Email',
  password: 'Password',
  oldPassword: 'Current password',
  newPassword: 'New password',
  title: 'Title',
  // The playlist update names its title `name` (spec §3).
  name: 'Title',
  description: 'Description',
  tags: 'Tags',
  content: 'Text',
  avatar: 'Profile picture',
  coverImage: 'Cover image',
  thumbnail: 'Thumbnail',
  videoFile: 'Video file',
  query: 'Search text',
  refreshToken: 'Refresh token',
};

/** `sortBy` → "Sort by": a readable label for a field no form shows. */
function humanize(field: string): string {
  const words = field
    .replace(/\.\d+$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label of `field` (a schema's `title` wins: a tweet's `content` is "Tweet"). */
export function fieldLabel(field: string, title?: string): string {
  if (title) return title;
  // An array item (`tags.0`) is labelled by its array.
  const base = field.replace(/\.\d+$/, '');
  return FIELD_LABELS[base] ?? humanize(field);
}

/** Patterns cannot be explained from the expression: each field that has one says it here. */
const PATTERN_SENTENCES: Readonly<Record<string, string>> = {
  userName: 'User name may use lower-case letters, digits, dots and underscores',
  password: 'Password cannot be only spaces',
};

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
  null: 'empty',
};

const characters = (n: number) => `${n} ${n === 1 ? 'character' : 'characters'}`;

/**
 * A broken JSON Schema rule of `field` as a sentence. `keyword` and `params` are ajv's (the SPA's
 * checks give the same ones); a keyword without its own sentence still reads as words.
 */
export function ruleSentence(
  field: string,
  keyword: string,
  params: Readonly<Record<string, unknown>> = {},
  title?: string,
): string {
  const label = fieldLabel(field, title);
  const limit = Number(params.limit);
  switch (keyword) {
    case 'required':
      return `${label} is required`;
    case 'minLength':
      return limit <= 1 ? `${label} is required` : `${label} must be at least ${characters(limit)}`;
    case 'maxLength':
      return `${label} can be at most ${characters(limit)}`;
    case 'pattern':
      return PATTERN_SENTENCES[field] ?? `${label} contains characters that are not allowed`;
    case 'format':
      if (params.format === 'email') return 'Enter a valid email address, like name@example.com';
      if (params.format === 'date' || params.format === 'date-time') {
        return `${label} must be a date`;
      }
      return `${label} is not valid`;
    case 'type': {
      const words = String(params.type)
        .split(',')
        .map((t) => TYPE_WORDS[t] ?? t);
      return `${label} must be ${words.join(' or ')}`;
    }
    case 'minimum':
      return `${label} must be at least ${limit}`;
    case 'maximum':
      return `${label} can be at most ${limit}`;
    case 'minItems':
      return `${label} needs at least ${limit}`;
    case 'maxItems':
      return `${label} can have at most ${limit}`;
    case 'additionalProperties':
      return `${label} is not a field this call takes`;
    default:
      // enum, const, anyOf, …: nothing more precise than this can be said without the schema.
      return `${label} is not valid`;
  }
}

/** The refusals that are no schema rule, worded once for the server and the SPA. */
export const FIELD_SENTENCES = {
  userNameTaken: 'This user name is already taken',
  emailTaken: 'An account with this email already exists',
  wrongCurrentPassword: 'The current password is not correct',
  samePassword: 'The new password must be different from the current one',
  tagsNotJson: 'Tags must be sent as the JSON text of a list of words',
  tagLength: `Each tag must be ${LIMITS.tags.tagMin} to ${characters(LIMITS.tags.tagMax)}`,
  tagRequired: 'Add at least one tag',
  tooManyTags: `Add at most ${LIMITS.tags.max} tags`,
  /** A string holding U+0000, which PostgreSQL text cannot store. */
  nulCharacter: (label: string) => `${label} must not contain a NUL character (U+0000)`,
  fileEmpty: (label: string) => `${label} is an empty file`,
  fileTooLarge: (label: string, maxBytes: number) =>
    `${label} is larger than ${formatBytes(maxBytes)}`,
  /** Known from the file's type alone (the SPA's check when a file is picked). */
  imageType: (label: string) => `${label} must be a PNG, JPG, GIF or WebP image`,
  imageUnreadable: (label: string) =>
    `${label} must be a PNG, JPG, GIF or WebP image that can be read`,
} as const;

/** The message of a refusal of `field`: "field: Sentence" (API.md's envelope names the field). */
export function fieldMessage(field: string, sentence: string): string {
  return `${field}: ${sentence}`;
}

/** One sentence of an error message, with the field it is about (null: the whole request). */
export interface FieldMessage {
  field: string | null;
  text: string;
}

const FIELD_PART = /^([A-Za-z][\w.]*): ([\s\S]+)$/;
const NEXT_FIELD = /; (?=[A-Za-z][\w.]*: )/;

/**
 * The sentences of an error message: "userName: This user name is already taken; email: An
 * account…" gives one per field; a message that names no field is one sentence for the request.
 */
export function parseFieldMessages(message: string): FieldMessage[] {
  return message.split(NEXT_FIELD).map((part) => {
    const match = FIELD_PART.exec(part);
    return match ? { field: match[1]!, text: match[2]! } : { field: null, text: part };
  });
}
