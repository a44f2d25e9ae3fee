/**
 * The mailed-link calls of issue 32 (contract/account-mail.ts): forgot password, reset password,
 * confirm an email address, send the confirmation again. Requests only queue mail (a durable
 * job), so they answer at once and the same way whatever the database holds.
 *
 * Limits: forgot password counts per client address (AUTH_RATE_LIMIT a minute) and per email
 * address asked about (MAIL_REQUEST_LIMIT: an address names at most one account, so this is also
 * per account); "send again" counts per account. On PostgreSQL every count lives in the database
 * (accounts/rate-limit-counters.ts), so replicas share them.
 */
import type { FastifyRequest } from 'fastify';
import {
  ACCOUNT_MAIL_MESSAGES,
  EmailConfirmationBody,
  EmailConfirmed,
  MAIL_REQUEST_LIMIT,
  PasswordResetBody,
  PasswordResetRequestBody,
} from '../../contract/account-mail.js';
import { EmptyObject, Envelope } from '../../contract/common.js';
import { callerId, clearAuthCookies } from '../auth/plugin.js';
import { tooMany } from '../errors.js';
import { announceSessionsEnded } from '../events/live-topics.js';
import { ok } from '../http/envelope.js';
import { multipartFieldsToBody } from '../http/multipart.js';
import { normalizeFields } from '../http/normalize-fields.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { errorResponses, JSON_OR_FORM, SIGNED_IN } from '../http/route-helpers.js';
import { queueAccountMail } from './account-mail.js';
import { confirmEmail, sendConfirmationAgain } from './email-confirmation.js';
import { resetPassword } from './password-reset.js';

const TAGS = ['users'];

export default async function accountMailRoutes(app: App, { ctx }: RouteOptions) {
  const perClient = {
    rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' },
  };
  /**
   * A limit counted by `key` (run after validation, so the body is read and normalised). Made
   * with `createRateLimit`: the plugin's route hook marks a request as limited once, so a second
   * `rateLimit` hook on the same request would never count.
   */
  const limitBy = (name: string, key: (request: FastifyRequest) => string) => {
    const limiter = app.createRateLimit({
      max: MAIL_REQUEST_LIMIT.max,
      timeWindow: MAIL_REQUEST_LIMIT.windowMs,
      keyGenerator: (request) => `${name}:${key(request)}`,
    });
    return async (request: FastifyRequest) => {
      // `isAllowed` is false for every counted request (only the allow list sets it): the
      // answer is `isExceeded`.
      const counted = await limiter(request);
      if (!counted.isAllowed && counted.isExceeded) {
        throw tooMany(ACCOUNT_MAIL_MESSAGES.tooManyRequests);
      }
    };
  };

  app.post(
    '/password-reset/request',
    {
      config: perClient,
      preValidation: [multipartFieldsToBody, normalizeFields({ lowerCase: ['email'] })],
      preHandler: limitBy('password-reset', (r) => (r.body as { email: string }).email),
      schema: {
        tags: TAGS,
        summary:
          'Forgot password: mails a reset link if an account uses the address (the answer is the same either way)',
        consumes: JSON_OR_FORM,
        body: PasswordResetRequestBody,
        response: { 200: Envelope(EmptyObject), ...errorResponses(400, 403, 429) },
      },
    },
    async (request) => {
      // The same single insert whether or not the address has an account: the job looks.
      await queueAccountMail(ctx, { purpose: 'password-reset', email: request.body.email });
      return ok({}, ACCOUNT_MAIL_MESSAGES.resetRequested);
    },
  );

  app.post(
    '/password-reset',
    {
      config: perClient,
      preValidation: [multipartFieldsToBody, normalizeFields({ blankAsMissing: ['password'] })],
      schema: {
        tags: TAGS,
        summary: 'Set a new password with a mailed reset link; signs the account out everywhere',
        consumes: JSON_OR_FORM,
        body: PasswordResetBody,
        response: { 200: Envelope(EmptyObject), ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const userId = await resetPassword(ctx.db, request.body.token, request.body.password);
      await announceSessionsEnded(ctx.events, { userId });
      // This browser's session, if it was the account's, ended too.
      if (request.auth?.userId === userId) clearAuthCookies(reply, ctx.config.cookieSecure);
      return ok({}, ACCOUNT_MAIL_MESSAGES.passwordReset);
    },
  );

  app.post(
    '/email-confirmation',
    {
      config: perClient,
      preValidation: multipartFieldsToBody,
      schema: {
        tags: TAGS,
        summary:
          'Confirm an email address with its mailed link (a pending new address becomes the account’s)',
        consumes: JSON_OR_FORM,
        body: EmailConfirmationBody,
        response: { 200: Envelope(EmailConfirmed), ...errorResponses(400, 403, 409, 429) },
      },
    },
    async (request) => {
      const { email } = await confirmEmail(ctx.db, request.body.token, request.auth?.userId);
      return ok({ email }, ACCOUNT_MAIL_MESSAGES.emailConfirmed);
    },
  );

  app.post(
    '/email-confirmation/resend',
    {
      onRequest: app.requireAuth,
      preHandler: limitBy('confirm-resend', (r) => callerId(r)),
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Mail the confirmation link again (the newest link alone works)',
        response: { 200: Envelope(EmptyObject), ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (request) => {
      await sendConfirmationAgain(ctx, callerId(request));
      return ok({}, ACCOUNT_MAIL_MESSAGES.confirmationSent);
    },
  );
}
