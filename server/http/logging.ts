/**
 * Logger options for the one process. Logs never hold a credential or a user's email: cookies and
 * authorization headers are redacted, as are fields that carry secrets or personal data wherever
 * a log object holds them, and a failed query is logged by its SQL and the database's error code
 * and message, never by its parameter values (drizzle puts them, argon2 hashes and emails
 * included, into its error message; PostgreSQL's `detail` repeats the offending values).
 */
import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';

const SECRET_FIELDS = [
  'password',
  'oldPassword',
  'newPassword',
  'passwordHash',
  'password_hash',
  'accessToken',
  'refreshToken',
  'token',
  'tokenHash',
  'email',
];

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

interface DatabaseCause {
  message?: string;
  code?: string;
  stack?: string;
}

/** The query error anywhere in `error`'s cause chain. */
function queryErrorIn(error: unknown): DrizzleQueryError | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (e instanceof DrizzleQueryError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** pino's `err` serializer, with query errors reduced to what carries no user data. */
export function serializeError(error: unknown): SerializedError {
  const failedQuery = queryErrorIn(error);
  if (failedQuery) {
    const cause = (failedQuery.cause ?? {}) as DatabaseCause;
    return {
      type: 'DatabaseError',
      message: cause.message ?? 'query failed',
      code: cause.code,
      query: failedQuery.query,
      stack: cause.stack ?? '',
    };
  }
  if (error instanceof Error) {
    const { code } = error as Error & { code?: string };
    return { type: error.name, message: error.message, stack: error.stack ?? '', code };
  }
  return { type: typeof error, message: String(error), stack: '' };
}

export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
  };
}

/**
 * One access-log line per request, written when the reply has gone: method, URL, client, status
 * and time taken. Fastify's default writes two per request (on arrival and on completion); at
 * load, their serialization and redaction cost 13 % of the HTTP thread's CPU on the watch page,
 * and the arrival line says nothing the completion line does not. Everything else Fastify logs
 * (errors, 404s, requests refused while closing) is unchanged.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}
