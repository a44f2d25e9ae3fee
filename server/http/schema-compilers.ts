/**
 * When the routes' schemas become code: at a route's first request rather than at start.
 *
 * Fastify compiles every route's request schemas (ajv) and response schemas (fast-json-stringify)
 * while the app starts. Across the API's routes that was 4–6 s of a 17 s start on the 2-core
 * machine (a CPU profile of `npm start`: ajv's code generation was the largest single part), paid
 * again by every test that builds an app and by every replica that starts, for routes most
 * processes never serve. Compiled on first use, a route pays a few milliseconds once, on its first
 * request. The code is the same either way, so the answers are too.
 *
 * `'at start'` keeps Fastify's own timing: tests/server/schema-compilation.test.ts builds the app
 * so, which proves that every route's schemas compile at all.
 */
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { validatorFactory } from './validation-options.js';

export type SchemaCompilation = 'at first use' | 'at start';

/** A compiled validator as Fastify calls it: it reads `errors` after a `false`. */
type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/** `compile()` on the first call, then the compiled function; ajv's `errors` passed along. */
function onFirstUse(compile: () => Validate): Validate {
  let compiled: Validate | undefined;
  const validate: Validate = (data) => {
    compiled ??= compile();
    const result = compiled(data);
    validate.errors = compiled.errors;
    return result;
  };
  return validate;
}

/** Fastify's factory shape at run time: schemas and options in, a per-route compiler out. */
type Factory = (externalSchemas: unknown, options: unknown) => (route: unknown) => Validate;
type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

const lazily =
  (factory: Factory): Factory =>
  (externalSchemas, options) => {
    const compileRoute = factory(externalSchemas, options);
    return (route) => onFirstUse(() => compileRoute(route));
  };

/** Fastify's `schemaController.compilersFactory` for one app, compiling `when`. */
export function schemaCompilers(when: SchemaCompilation): CompilersFactory {
  const buildValidator = validatorFactory() as unknown as Factory;
  const buildSerializer = SerializerSelector() as unknown as Factory;
  const chosen =
    when === 'at start'
      ? { buildValidator, buildSerializer }
      : { buildValidator: lazily(buildValidator), buildSerializer: lazily(buildSerializer) };
  return chosen as unknown as CompilersFactory;
}
