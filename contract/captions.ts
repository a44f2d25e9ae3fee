/**
 * Captions and subtitles (issue 34), beyond API.md. One WebVTT file per video and language.
 *
 * - `GET /videos/{videoId}/captions` (sign-in optional): the captions of a video the caller may
 *   see (the owner's, a published one; the embed reads it without a session), sorted by label.
 *   404 when the video is missing or hidden from the caller.
 * - `PUT /videos/{videoId}/captions/{language}` *auth, owner*: multipart with one `file`, WebVTT or
 *   SubRip (UTF-8), validated and stored as WebVTT; creates or replaces that language → Caption.
 *   Another user's video: 404 (as if it did not exist). Refusals (400, 413 for the size) say why;
 *   nothing is stored then.
 * - `DELETE /videos/{videoId}/captions/{language}` *auth, owner*: removes it → null; 404 when the
 *   video is not the caller's or has no captions in that language.
 * - `GET /videos/{videoId}/captions/{language}/{file}` (sign-in optional): the WebVTT itself
 *   (`text/vtt`), checked like the list, from this origin whatever the storage: a `<track>` loads
 *   only same-origin files unless the media has CORS, and a bucket's URL would be another origin.
 *   `file` names the stored file, so a replaced file's old URL is a 404, never the new text.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ClosedBody, Id } from './common.js';

/** The limits a caption file must keep (docs/studio-captions.md). */
export const CAPTION_LIMITS = {
  /** Bytes of the uploaded file. */
  bytes: 512 * 1024,
  /** Cues in one file. */
  cues: 5000,
  /** Characters of one cue's text (its lines together, markup included). */
  cueChars: 500,
  /** Languages per video. */
  languagesPerVideo: 30,
  /** Characters of a label. */
  labelChars: 40,
} as const;

/**
 * A BCP 47 tag as people write them for captions: a 2–3 letter language, then optional script
 * (4 letters), region (2 letters or 3 digits) subtags: en, pt-BR, zh-Hant, es-419. Stored as
 * given in its canonical case (language lower, script title, region upper).
 */
export const LANGUAGE_PATTERN = '^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?$';

export const CaptionParams = Type.Object({
  videoId: Id,
  language: Type.String({ minLength: 2, maxLength: 12, pattern: LANGUAGE_PATTERN }),
});
export type CaptionParams = Static<typeof CaptionParams>;

/** The stored file's name: its 16-character id and `.vtt` (server/captions/captions.ts keys). */
export const CaptionFileParams = Type.Composite([
  CaptionParams,
  Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_-]{16}\\.vtt$', maxLength: 20 }) }),
]);
export type CaptionFileParams = Static<typeof CaptionFileParams>;

export const CaptionBody = ClosedBody(
  Type.Object({
    file: Type.String({
      format: 'binary',
      description: 'WebVTT (.vtt) or SubRip (.srt), UTF-8, up to 512 kB and 5 000 cues',
    }),
    label: Type.Optional(Type.String({ minLength: 1, maxLength: CAPTION_LIMITS.labelChars })),
  }),
);
export type CaptionBody = Static<typeof CaptionBody>;

export const Caption = Type.Object({
  language: Type.String(),
  /** What the player's menu shows: given on upload, else the language's own name (English). */
  label: Type.String(),
  /** The WebVTT file, served by the API from this origin (GET …/captions/{language}/{file}). */
  url: Type.String(),
  cueCount: Type.Integer(),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Caption = Static<typeof Caption>;

export const CaptionList = Type.Array(Caption);
export type CaptionList = Static<typeof CaptionList>;

/** Canonical case of a tag matching LANGUAGE_PATTERN: en, pt-BR, zh-Hant. */
export function canonicalLanguage(tag: string): string {
  return tag
    .split('-')
    .map((part, i) => {
      if (i === 0) return part.toLowerCase();
      if (part.length === 4) return part.slice(0, 1).toUpperCase() + part.slice(1).toLowerCase();
      return part.toUpperCase();
    })
    .join('-');
}

/** The language's name in English (the default label), or the tag itself when unknown. */
export function languageLabel(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}
