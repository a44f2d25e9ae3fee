/**
 * Two kinds of value pass schema validation but can never be meant and would fail in the
 * database with a 500:
 * - U+0000 in text: PostgreSQL text cannot hold it. No field of this API has a use for one, so it
 *   is refused with a 400 naming the field (rather than stripped, which would silently store
 *   something other than what the client sent).
 * - ±Infinity in a number: ajv coerces "Infinity" or "1e309" in a query string to Infinity and
 *   compares `maximum` against the string before coercion, so `page=Infinity` passes the schema.
 * Runs as a preHandler, after validation, so that multipart text fields, which routes parse in
 * preValidation, are checked too.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FIELD_SENTENCES, fieldLabel, fieldMessage } from '../../contract/field-messages.js';
import { badRequest } from '../errors.js';

const NUL = '\u0000';

export type Problem = 'nul' | 'infinite';

/** Whether `text` holds a NUL (also checked inside JSON text, such as tags, by its parsers). */
export function containsNul(text: string): boolean {
  return text.includes(NUL);
}

/** What is wrong with `value` itself, or undefined. */
function problemOf(value: unknown): Problem | undefined {
  if (typeof value === 'string' && containsNul(value)) return 'nul';
  if (typeof value === 'number' && !Number.isFinite(value)) return 'infinite';
  return undefined;
}

/** The dotted path and problem of the first bad value under `value`, or undefined. */
export function findProblem(value: unknown, path: string): [string, Problem] | undefined {
  const problem = problemOf(value);
  if (problem) return [path, problem];
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = findProblem(child, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}

/** The 400 for `problem` in `field`, in words ("tags: Tags must not contain a NUL character…"). */
export function problemRefusal(field: string, problem: Problem) {
  const label = fieldLabel(field);
  const sentence =
    problem === 'nul' ? FIELD_SENTENCES.nulCharacter(label) : `${label} must be a finite number`;
  return badRequest(fieldMessage(field, sentence));
}

function checkRequest(request: FastifyRequest): void {
  const parts = { params: request.params, query: request.query, body: request.body };
  for (const [part, value] of Object.entries(parts)) {
    const found = findProblem(value, '');
    if (found) throw problemRefusal(found[0] || part, found[1]);
  }
}

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => checkRequest(request));
}
