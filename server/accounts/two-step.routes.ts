/**
 * Settings → Two-step sign-in (issue 32): GET /users/two-step, POST /users/two-step/setup,
 * /enable, /recovery-codes, /disable. The calls that take a code are rate-limited like login.
 * The secret and the recovery codes appear in an answer once (setup, enable, recovery-codes) and
 * never in a log line (the request log records no bodies).
 */
import type { TSchema } from '@sinclair/typebox';
import { EmptyObject, Envelope } from '../../contract/common.js';
import {
  RecoveryCodes,
  TWO_STEP_MESSAGES,
  TwoStepCodeBody,
  TwoStepSetup,
  TwoStepStatus,
} from '../../contract/two-step.js';
import { callerId } from '../auth/plugin.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { ok } from '../http/envelope.js';
import { errorResponses } from '../http/route-helpers.js';
import { twoStepKeys } from './two-step-keys.js';
import {
  beginSetup,
  disableTwoStep,
  enableTwoStep,
  renewRecoveryCodes,
  twoStepStatus,
} from './two-step-settings.js';

const TAGS = ['users'];
const security = [{ cookieAuth: [] }];

export default async function twoStepRoutes(app: App, { ctx }: RouteOptions) {
  const keys = () => twoStepKeys(ctx.config.accessTokenSecret);
  const limited = { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };

  app.get(
    '/two-step',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: TAGS,
        security,
        summary: 'Two-step sign-in: on or off, and how many recovery codes are left',
        response: { 200: Envelope(TwoStepStatus), ...errorResponses(401) },
      },
    },
    async (request) => ok(await twoStepStatus(ctx.db, callerId(request)), TWO_STEP_MESSAGES.status),
  );

  app.post(
    '/two-step/setup',
    {
      onRequest: app.requireAuth,
      config: limited,
      schema: {
        tags: TAGS,
        security,
        summary: 'Start setting up two-step sign-in: a new secret and its QR code, shown once',
        response: { 200: Envelope(TwoStepSetup), ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (request) =>
      ok(await beginSetup(ctx.db, keys(), callerId(request)), TWO_STEP_MESSAGES.setupStarted),
  );

  const withCode = <T extends TSchema>(summary: string, data: T) => ({
    onRequest: app.requireAuth,
    config: limited,
    schema: {
      tags: TAGS,
      security,
      summary,
      body: TwoStepCodeBody,
      response: { 200: Envelope(data), ...errorResponses(400, 401, 403, 409, 429) },
    },
  });

  app.post(
    '/two-step/enable',
    withCode(
      'Turn two-step sign-in on with a first code; answers the recovery codes once',
      RecoveryCodes,
    ),
    async (request) => {
      const codes = await enableTwoStep(ctx.db, keys(), callerId(request), request.body.code);
      return ok({ recoveryCodes: codes }, TWO_STEP_MESSAGES.enabled);
    },
  );

  app.post(
    '/two-step/recovery-codes',
    withCode(
      'New recovery codes (the old ones stop working); asks for an authenticator code',
      RecoveryCodes,
    ),
    async (request) => {
      const codes = await renewRecoveryCodes(ctx.db, keys(), callerId(request), request.body.code);
      return ok({ recoveryCodes: codes }, TWO_STEP_MESSAGES.newCodes);
    },
  );

  app.post(
    '/two-step/disable',
    withCode(
      'Turn two-step sign-in off; asks for an authenticator code or a recovery code',
      EmptyObject,
    ),
    async (request) => {
      await disableTwoStep(ctx.db, keys(), callerId(request), request.body.code);
      return ok({}, TWO_STEP_MESSAGES.disabled);
    },
  );
}
