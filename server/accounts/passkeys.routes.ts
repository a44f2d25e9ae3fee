/**
 * Passkeys (contract/passkeys.ts): Settings → Passkeys (list, add, rename, remove; signed in) and
 * "Sign in with a passkey" (the sign-in page and popup, and the second step). Sign-in calls share
 * the sign-in rate limit of POST /users/login; a passkey sign-in ends in completeSignIn like
 * every other way in.
 */
import { eq } from 'drizzle-orm';
import { EmptyObject, Envelope } from '../../contract/common.js';
import {
  PASSKEY_LIMIT,
  PASSKEY_MESSAGES as M,
  Passkey,
  PasskeyList,
  PasskeyParams,
  PasskeySignInBody,
  PasskeySignInOptionsBody,
  RegisterPasskeyBody,
  RegistrationOptions,
  RenamePasskeyBody,
  SignInOptions,
} from '../../contract/passkeys.js';
import { LoginData } from '../../contract/users.js';
import { callerId } from '../auth/plugin.js';
import { users } from '../db/schema.js';
import { unauthorized } from '../errors.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { created, ok } from '../http/envelope.js';
import { errorResponses, SIGNED_IN } from '../http/route-helpers.js';
import {
  finishPasskeyRegistration,
  finishPasskeySignIn,
  startPasskeyRegistration,
  startPasskeySignIn,
} from './passkey-ceremonies.js';
import { listPasskeys, removePasskey, renamePasskey, toPasskeyDto } from './passkeys.js';
import { relyingPartyOf } from './passkeys.http.js';
import { completeSignIn } from './sign-in.http.js';

const TAGS = ['passkeys'];

export default async function passkeysRoutes(app: App, { ctx }: RouteOptions) {
  const signInRateLimit = {
    rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' },
  };

  app.get(
    '/passkeys',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "The signed-in account's passkeys, oldest first",
        response: { 200: Envelope(PasskeyList), ...errorResponses(401) },
      },
    },
    async (request) => {
      const rows = await listPasskeys(ctx.db, callerId(request));
      return ok({ passkeys: rows.map(toPasskeyDto), limit: PASSKEY_LIMIT }, M.list);
    },
  );

  app.post(
    '/passkeys/register/options',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: `Options to add a passkey (at most ${PASSKEY_LIMIT} per account)`,
        response: { 200: Envelope(RegistrationOptions), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const rp = relyingPartyOf(request, ctx.config);
      const [user] = await ctx.db
        .select()
        .from(users)
        .where(eq(users.id, callerId(request)));
      if (!user) throw unauthorized();
      return ok(await startPasskeyRegistration(ctx.db, rp, user), M.options);
    },
  );

  app.post(
    '/passkeys/register',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "Add a passkey: the authenticator's answer to the options",
        body: RegisterPasskeyBody,
        response: { 201: Envelope(Passkey), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const row = await finishPasskeyRegistration(
        ctx.db,
        relyingPartyOf(request, ctx.config),
        callerId(request),
        request.body,
        request.headers['user-agent'],
      );
      return reply.status(201).send(created(toPasskeyDto(row), M.added));
    },
  );

  app.patch(
    '/passkeys/:passkeyId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Rename a passkey',
        params: PasskeyParams,
        body: RenamePasskeyBody,
        response: { 200: Envelope(Passkey), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { passkeyId } = request.params;
      const row = await renamePasskey(ctx.db, callerId(request), passkeyId, request.body.name);
      return ok(toPasskeyDto(row), M.renamed);
    },
  );

  app.delete(
    '/passkeys/:passkeyId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Remove a passkey',
        params: PasskeyParams,
        response: { 200: Envelope(EmptyObject), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await removePasskey(ctx.db, callerId(request), request.params.passkeyId);
      return ok({}, M.removed);
    },
  );

  app.post(
    '/passkeys/sign-in/options',
    {
      config: signInRateLimit,
      schema: {
        tags: TAGS,
        summary: 'Options to sign in with a passkey (with secondStepTicket: for that second step)',
        body: PasskeySignInOptionsBody,
        response: { 200: Envelope(SignInOptions), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const rp = relyingPartyOf(request, ctx.config);
      const options = await startPasskeySignIn(ctx.db, rp, request.body?.secondStepTicket);
      return ok(options, M.options);
    },
  );

  app.post(
    '/passkeys/sign-in',
    {
      config: signInRateLimit,
      schema: {
        tags: TAGS,
        summary: 'Sign in with a passkey; sets the accessToken and refreshToken cookies',
        body: PasskeySignInBody,
        response: { 200: Envelope(LoginData), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const row = await finishPasskeySignIn(
        ctx.db,
        relyingPartyOf(request, ctx.config),
        request.body,
      );
      return ok(await completeSignIn(ctx, request, reply, row), M.signedIn);
    },
  );
}
