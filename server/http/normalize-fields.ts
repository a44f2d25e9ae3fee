/**
 * preValidation hook that trims text fields (and lower-cases those stored lower-case) before the
 * route's schema runs. A field that is blank after trimming is removed, so the schema answers
 * "fullName: is required" for "   " exactly as for a missing field. Fields that are not strings
 * are left for the schema to refuse.
 */
import type { FastifyRequest } from 'fastify';

export interface NormalizeSpec {
  trim?: readonly string[];
  /** Trimmed and lower-cased. */
  lowerCase?: readonly string[];
  /** Kept as sent (passwords may hold spaces) but removed when blank. */
  blankAsMissing?: readonly string[];
  /** Trimmed but kept when blank, for a field whose "empty" differs from "not sent" (an edit). */
  trimKeepBlank?: readonly string[];
}

export function normalizeFields(spec: NormalizeSpec) {
  return async function normalizeBodyFields(request: FastifyRequest): Promise<void> {
    const body = request.body;
    if (!body || typeof body !== 'object') return;
    const fields = body as Record<string, unknown>;
    const rewrite = (names: readonly string[] | undefined, change: (v: string) => string) => {
      for (const name of names ?? []) {
        const value = fields[name];
        if (typeof value !== 'string') continue;
        if (value.trim() === '') delete fields[name];
        else fields[name] = change(value);
      }
    };
    rewrite(spec.trim, (v) => v.trim());
    rewrite(spec.lowerCase, (v) => v.trim().toLowerCase());
    rewrite(spec.blankAsMissing, (v) => v);
    for (const name of spec.trimKeepBlank ?? []) {
      const value = fields[name];
      if (typeof value === 'string') fields[name] = value.trim();
    }
  };
}
