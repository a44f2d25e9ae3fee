/**
 * POST /users/login/second-step (issue 32, contract/second-step.ts): the ticket that login
 * answered and a code from the authenticator app or a recovery code. A right code signs in
 * through completeSignIn like login; a wrong one counts against the ticket, and the last allowed
 * wrong one ends it (the sign-in starts over). Rate-limited like login.
 */
import { eq } from 'drizzle-orm';
import { Envelope } from '../../contract/common.js';
import { SECOND_STEP_MESSAGES, SecondStepBody } from '../../contract/second-step.js';
import { LoginData } from '../../contract/users.js';
import { users } from '../db/schema.js';
import { unauthorized } from '../errors.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { ok } from '../http/envelope.js';
import { errorResponses } from '../http/route-helpers.js';
import { completeSignIn } from './sign-in.http.js';
import { consumeChallenge, failChallenge, openChallenge } from './sign-in-challenges.js';
import { spendSecondStepCode } from './two-step-codes.js';
import { twoStepKeys } from './two-step-keys.js';

export default async function secondStepRoutes(app: App, { ctx }: RouteOptions) {
  app.post(
    '/login/second-step',
    {
      config: { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Finish a sign-in with an authenticator code or a recovery code; sets the cookies',
        body: SecondStepBody,
        response: { 200: Envelope(LoginData), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { ticket, code } = request.body;
      const challenge = await openChallenge(ctx.db, ticket, 'second-step');
      const userId = challenge.userId ?? '';
      const keys = twoStepKeys(ctx.config.accessTokenSecret);
      const used = await spendSecondStepCode(ctx.db, keys, userId, code, { recovery: true });
      if (!used) {
        const again = await failChallenge(ctx.db, challenge.id);
        throw unauthorized(
          again ? SECOND_STEP_MESSAGES.wrongCode : SECOND_STEP_MESSAGES.tooManyAttempts,
        );
      }
      // Another request with this ticket finished first: this one signs nobody in.
      if (!(await consumeChallenge(ctx.db, challenge.id))) {
        throw unauthorized(SECOND_STEP_MESSAGES.expired);
      }
      const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
      if (!row) throw unauthorized(SECOND_STEP_MESSAGES.expired);
      return ok(await completeSignIn(ctx, request, reply, row), 'User logged in successfully');
    },
  );
}
