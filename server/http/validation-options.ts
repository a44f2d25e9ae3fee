/**
 * How the API's request schemas are checked: Fastify's ajv with these options (server/app.ts).
 * Exported so that tests/server/text-check-agreement.test.ts checks the SPA's rule evaluation
 * against this very configuration.
 */
import type { FastifyServerOptions } from 'fastify';
import { EMAIL_FORMAT } from '../../contract/field-rules.js';

export const AJV_OPTIONS = {
  customOptions: {
    coerceTypes: 'array',
    removeAdditional: true,
    useDefaults: true,
    allErrors: false,
    // Errors carry the schema that refused, so the error handler can read a field's title.
    verbose: true,
  },
  plugins: [],
  // The SPA checks addresses with the same expression (contract/field-rules.ts).
  onCreate: (ajv) => {
    ajv.addFormat('email', EMAIL_FORMAT);
  },
} satisfies NonNullable<FastifyServerOptions['ajv']>;
