/**
 * How the API's request schemas are checked: Fastify's ajv with these options (server/app.ts).
 * Exported so that tests/server/text-check-agreement.test.ts checks the SPA's rule evaluation
 * against this very configuration.
 *
 * Query strings, path parameters and form bodies are text, so they are read into the schema's
 * types ("2" → 2) and unknown query keys are dropped (a cache buster harms nobody). A JSON body
 * carries its own types: it is checked as sent, with no coercion (`{"seconds": null}` or
 * `"12"` is a 400, not 0 or 12) and no key the contract does not list (`additionalProperties:
 * false` in every body schema; a 400 that names the key, not a silent drop).
 */
import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { EMAIL_FORMAT } from '../../contract/field-rules.js';
import { isFormBody } from './form-bodies.js';

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

/** The same checks for JSON bodies, without reading types into values or dropping keys. */
export const STRICT_AJV_OPTIONS = {
  ...AJV_OPTIONS,
  customOptions: { ...AJV_OPTIONS.customOptions, coerceTypes: false, removeAdditional: false },
} satisfies NonNullable<FastifyServerOptions['ajv']>;

/** What Fastify hands a validator compiler at run time (the package's types say less). */
type Validate = ((data: unknown) => boolean) & { errors?: unknown };
type RouteCompile = (route: FastifyRouteSchemaDef<unknown>) => Validate;

/**
 * A Fastify validator factory (`schemaController.compilersFactory.buildValidator`) for one app:
 * ajv compilers from one pool, twice. A body schema gets both validators and picks by how the
 * body arrived. The pool lives as long as the app: Fastify asks the factory again for every
 * plugin's scope, and a pool per call made two ajv instances each time (with their meta-schemas
 * compiled again), most of the app's start.
 */
export function validatorFactory(): ValidatorFactory {
  const pool = AjvCompiler();
  const build = (externalSchemas: Record<string, unknown>): RouteCompile => {
    const schemas = externalSchemas as Parameters<typeof pool>[0];
    const textual = pool(schemas, AJV_OPTIONS) as unknown as RouteCompile;
    const strict = pool(schemas, STRICT_AJV_OPTIONS) as unknown as RouteCompile;
    return (route) => {
      if (route.httpPart !== 'body') return textual(route);
      const asText = textual(route);
      const asSent = strict(route);
      const validate: Validate = (data) => {
        const chosen = isFormBody(data) ? asText : asSent;
        const valid = chosen(data);
        validate.errors = chosen.errors;
        return valid;
      };
      return validate;
    };
  };
  return build as unknown as ValidatorFactory;
}
