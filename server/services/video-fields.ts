/**
 * Validation of the text fields of the upload and edit forms (multipart, so Fastify's schema
 * validation does not see them). Messages name the field, like the error handler's.
 */
import { LIMITS } from '../../contract/limits.js';
import { badRequest } from '../http/errors.js';

export interface VideoFields {
  title: string;
  description: string;
  tags: string[];
}

function text(
  fields: Record<string, unknown>,
  name: string,
  min: number,
  max: number,
): string | undefined {
  const raw = fields[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badRequest(`${name}: must be text`);
  const value = raw.trim();
  if (value.length < min) throw badRequest(`${name}: must not be empty`);
  if (value.length > max) throw badRequest(`${name}: must be at most ${max} characters`);
  return value;
}

/**
 * `tags` is the JSON text of a string array. Tags are trimmed and stored lower-case (so "Music" and
 * "music" are one tag for the feed chips and the tag filter); duplicates are dropped.
 */
export function parseTags(raw: unknown, minCount: number): string[] {
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

/** Upload: title and tags (≥ 1) are required; a missing description is empty. */
export function parseNewVideoFields(fields: Record<string, unknown>): VideoFields {
  const title = text(fields, 'title', LIMITS.title.min, LIMITS.title.max);
  if (title === undefined) throw badRequest('title: is required');
  const description = text(fields, 'description', 0, LIMITS.description.max) ?? '';
  if (fields.tags === undefined) throw badRequest('tags: is required');
  return { title, description, tags: parseTags(fields.tags, 1) };
}

/**
 * Edit: every field is optional and only what is sent changes. An empty tag list is accepted here
 * (the product's edit form treats "at least one tag" as a hint only).
 */
export function parseVideoChanges(fields: Record<string, unknown>): Partial<VideoFields> {
  return {
    title: text(fields, 'title', LIMITS.title.min, LIMITS.title.max),
    description: text(fields, 'description', 0, LIMITS.description.max),
    tags: fields.tags === undefined ? undefined : parseTags(fields.tags, 0),
  };
}
