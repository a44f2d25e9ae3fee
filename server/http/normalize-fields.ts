/**
 * preValidation hook that trims text fields (and lower-cases those stored lower-case) before the
 * route's schema runs, so that "   " fails `minLength: 1` like an empty field and "Ann@X.org"
 * meets the stored "ann@x.org". Fields that are not strings are left for the schema to refuse.
 */
import type { FastifyRequest } from 'fastify';

export interface NormalizeSpec {
  trim?: readonly string[];
  /** Trimmed and lower-cased. */
  lowerCase?: readonly string[];
}

export function normalizeFields(spec: NormalizeSpec) {
  return async function normalizeBodyFields(request: FastifyRequest): Promise<void> {
    const body = request.body;
    if (!body || typeof body !== 'object') return;
    const fields = body as Record<string, unknown>;
    for (const name of spec.trim ?? []) {
      const value = fields[name];
      if (typeof value === 'string') fields[name] = value.trim();
    }
    for (const name of spec.lowerCase ?? []) {
      const value = fields[name];
      if (typeof value === 'string') fields[name] = value.trim().toLowerCase();
    }
  };
}
