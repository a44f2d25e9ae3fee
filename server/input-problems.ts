/**
 * Two kinds of value pass schema validation but can never be meant and would fail in the
 * database with a 500: U+0000 in text (PostgreSQL text cannot hold it, and no field has a use for
 * one: refused naming the field, never stripped) and ±Infinity in a number. The HTTP layer checks
 * every request with these (http/input-guard.ts); the domain checks what it parses itself (tags
 * as JSON text, tus metadata).
 */
import { FIELD_SENTENCES, fieldLabel, fieldMessage } from '../contract/field-messages.js';
import { invalid } from './errors.js';

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
  return invalid(fieldMessage(field, sentence));
}
