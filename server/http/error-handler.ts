import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { drainRequestBody } from './drain-request.js';
import { fieldMessage, ruleSentence } from '../../contract/field-messages.js';
import { failure } from './envelope.js';
import { DomainError, type ErrorKind } from '../errors.js';
import { HttpError } from './http-error.js';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  /** ajv's `verbose` option (server/app.ts) adds the schema that holds the broken keyword. */
  parentSchema?: { title?: string; properties?: Record<string, { title?: string }> };
}

/** The field an issue is about, as the client named it (`tags.0` for an array item). */
function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  if (issue.keyword === 'required') return String(issue.params.missingProperty);
  if (issue.keyword === 'additionalProperties') return String(issue.params.additionalProperty);
  return issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || context || 'request';
}

/**
 * "userName: User name may use lower-case letters, digits, dots and underscores": the field
 * first, so a client can point at it, then the rule in words (contract/field-messages.ts). ajv's
 * own text ("must match pattern …") never leaves the server.
 */
function describeValidation(issue: ValidationIssue, context: string | undefined): string {
  const field = fieldOf(issue, context);
  const title =
    issue.keyword === 'required'
      ? issue.parentSchema?.properties?.[field]?.title
      : issue.parentSchema?.title;
  return fieldMessage(field, ruleSentence(field, issue.keyword, issue.params, title));
}

/**
 * One sentence per field: a union (`anyOf`) reports each branch's failure and then its own, and
 * only the last says what the field as a whole is missing.
 */
function validationMessage(issues: ValidationIssue[], context: string | undefined): string {
  const byField = new Map<string, ValidationIssue>();
  for (const issue of issues) {
    const field = fieldOf(issue, context);
    if (!byField.has(field) || issue.keyword === 'anyOf') byField.set(field, issue);
  }
  return [...byField.values()].map((issue) => describeValidation(issue, context)).join('; ');
}

/** Fastify's own client errors, reworded where its text names internals rather than the problem. */
const FASTIFY_MESSAGES: Record<string, (request: FastifyRequest) => string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => 'Request body is larger than the server accepts',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (request) =>
    `Unsupported content type '${request.headers['content-type'] ?? ''}': send application/json`,
  FST_ERR_CTP_EMPTY_JSON_BODY: () => 'Body cannot be empty when content-type is application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'Request body does not match its content-length',
};

/** Bodies up to this size are read to the end after a refusal; larger ones close the connection. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/**
 * A refusal can come before the body was read (too large, wrong type). Fastify then closes the
 * connection while the client may still be sending, and the kernel's reset can reach the client
 * before our answer does. Reading and discarding the rest instead (up to a bound) lets the client
 * receive the answer. (Whether Node then keeps the connection depends on whether the body had
 * arrived by the time the answer was written.)
 */
function settleUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  if (request.raw.complete) return;
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > DRAIN_MAX_BYTES) {
    void reply.header('connection', 'close');
    return;
  }
  reply.removeHeader('connection');
  drainRequestBody(request, DRAIN_MAX_BYTES);
}

/**
 * Turns an error a service let through into the refusal it stands for (a database constraint
 * that a concurrent change broke), or undefined.
 */
export type ErrorTranslation = (error: unknown) => DomainError | undefined;

/** The one place a domain refusal gets its HTTP status. */
export const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unsupported: 415,
  'too-many': 429,
  unavailable: 503,
};

/** The one error handler: every failure leaves as the JSON error envelope. */
export function installErrorHandling(app: FastifyInstance, translate?: ErrorTranslation): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number;
    let message: string;
    const known = error instanceof DomainError ? error : translate?.(error);
    if (known) {
      status = STATUS_OF_KIND[known.kind];
      message = known.message;
    } else if (error instanceof HttpError) {
      status = error.statusCode;
      message = error.message;
    } else if (error.validation && error.validation.length > 0) {
      status = 400;
      message = validationMessage(error.validation, error.validationContext);
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, rate limit…) have safe messages.
      status = error.statusCode;
      message = FASTIFY_MESSAGES[error.code]?.(request) ?? error.message;
    } else {
      request.log.error({ err: error }, 'request failed');
      status = 500;
      message = 'Something went wrong on our side. Please try again.';
    }
    if (status < 500) settleUnreadBody(request, reply);
    return reply.status(status).send(failure(status, message));
  });
}
