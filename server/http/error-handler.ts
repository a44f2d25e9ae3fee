import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** "email: must match format \"email\"" style: the field first, so a client can point at it. */
function describeValidation(issue: ValidationIssue, context: string | undefined): string {
  let field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'required') field = String(issue.params.missingProperty);
  if (issue.keyword === 'additionalProperties') field = String(issue.params.additionalProperty);
  const where = field || context || 'request';
  if (issue.keyword === 'format' && issue.params.format === 'email')
    return `${where}: must be a valid email`;
  if (issue.keyword === 'required') return `${where}: is required`;
  if (issue.keyword === 'minLength' && issue.params.limit === 1)
    return `${where}: must not be empty`;
  if (issue.keyword === 'maxLength')
    return `${where}: must be at most ${String(issue.params.limit)} characters`;
  return `${where}: ${issue.message ?? 'is invalid'}`;
}

function envelope(statusCode: number, message: string) {
  return { statusCode, data: null, message, success: false as const };
}

/** The one error handler: every failure leaves as the JSON error envelope. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(envelope(error.statusCode, error.message));
    }
    if (error.validation && error.validation.length > 0) {
      const message = error.validation
        .map((v) => describeValidation(v as ValidationIssue, error.validationContext))
        .join('; ');
      return reply.status(400).send(envelope(400, message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, rate limit…) have safe messages.
      return reply.status(status).send(envelope(status, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(envelope(500, 'Something went wrong on our side. Please try again.'));
  });
}
