/**
 * The one video field that needs more than its schema: `tags` arrives as the JSON text of a string
 * array (multipart has no arrays). The body schemas of upload and edit check everything else.
 */
import { LIMITS } from '../../contract/limits.js';
import { FIELD_SENTENCES, fieldLabel } from '../../contract/field-messages.js';
import { fieldRefusal } from '../errors.js';
import { containsNul } from '../input-problems.js';

const tagsRefusal = (sentence: string) => fieldRefusal('invalid', 'tags', sentence);

/**
 * Parses and normalises `tags`: trimmed and lower-cased (so "Music" and "music" are one tag for
 * the feed chips and the tag filter), duplicates dropped. Messages name the field, like the
 * error handler's. JSON text can spell a NUL as `\u0000`, which the input guard cannot see in
 * the raw field and PostgreSQL cannot store: it is refused like a NUL anywhere else.
 */
export function parseTagsField(raw: unknown, minCount: number): string[] {
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw tagsRefusal(FIELD_SENTENCES.tagsNotJson);
    }
  }
  if (!Array.isArray(parsed) || parsed.some((t) => typeof t !== 'string')) {
    throw tagsRefusal(FIELD_SENTENCES.tagsNotJson);
  }
  if ((parsed as string[]).some(containsNul)) {
    throw tagsRefusal(FIELD_SENTENCES.nulCharacter(fieldLabel('tags')));
  }
  const { max, tagMin, tagMax } = LIMITS.tags;
  const tags = [...new Set((parsed as string[]).map((t) => t.trim().toLowerCase()))];
  if (tags.some((t) => t.length < tagMin || t.length > tagMax)) {
    throw tagsRefusal(FIELD_SENTENCES.tagLength);
  }
  if (tags.length < minCount) throw tagsRefusal(FIELD_SENTENCES.tagRequired);
  if (tags.length > max) throw tagsRefusal(FIELD_SENTENCES.tooManyTags);
  return tags;
}
