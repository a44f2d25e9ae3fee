/**
 * The one video field that needs more than its schema: `tags` arrives as the JSON text of a string
 * array (multipart has no arrays). The body schemas of upload and edit check everything else.
 */
import { LIMITS } from '../../contract/limits.js';
import { badRequest } from '../http/errors.js';

/**
 * Parses and normalises `tags`: trimmed and lower-cased (so "Music" and "music" are one tag for
 * the feed chips and the tag filter), duplicates dropped. Messages name the field, like the
 * error handler's.
 */
export function parseTagsField(raw: unknown, minCount: number): string[] {
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw badRequest('tags: must be the JSON text of an array of strings');
    }
  }
  if (!Array.isArray(parsed) || parsed.some((t) => typeof t !== 'string')) {
    throw badRequest('tags: must be the JSON text of an array of strings');
  }
  const { max, tagMin, tagMax } = LIMITS.tags;
  const tags = [...new Set((parsed as string[]).map((t) => t.trim().toLowerCase()))];
  if (tags.some((t) => t.length < tagMin || t.length > tagMax)) {
    throw badRequest(`tags: each tag must be ${tagMin} to ${tagMax} characters`);
  }
  if (tags.length < minCount) throw badRequest('tags: at least one tag is required');
  if (tags.length > max) throw badRequest(`tags: at most ${max} tags are allowed`);
  return tags;
}
