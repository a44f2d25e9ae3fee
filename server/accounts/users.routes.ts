/**
 * The Users calls of API.md (history lives in history/history.routes.ts, avatar and cover in
 * accounts/account-images.routes.ts). Handlers are thin: parse,
 * call a service, serialize. Text fields arrive as JSON, urlencoded or multipart; userName and
 * email are trimmed and lower-cased before validation (so "JohnDoe" registers and signs in as
 * "johndoe"), fullName trimmed.
 */
import { EmptyObject, Envelope } from '../../contract/common.js';
import { User } from '../../contract/shapes.js';
import {
  AccountDetailsBody,
  Channel,
  ChannelParams,
  ChangePasswordBody,
  LoginBody,
  RegisterBody,
} from '../../contract/users.js';
import { REFRESH_COOKIE, callerId, clearAuthCookies } from '../auth/plugin.js';
import { endSession, refreshTokenOf } from '../auth/sessions.js';
import { parseRefreshToken } from '../auth/tokens.js';
import { created, ok } from '../http/envelope.js';
import { notFound, unauthorized } from '../errors.js';
import { IMAGE_RULE, multipartFieldsToBody } from '../http/multipart.js';
import {
  cleanupMultipartBody,
  receiveMultipartBody,
  receivedFiles,
} from '../http/multipart-body.js';
import { normalizeFields } from '../http/normalize-fields.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { LoginAnswer, SECOND_STEP_MESSAGES } from '../../contract/second-step.js';
import { completeSignIn } from './sign-in.http.js';
import { secondStepOf } from './second-step.js';
import { announceSessionsEnded } from '../events/live-topics.js';
import { findChannel } from './user-channel.js';
import { authenticate, changePassword } from './user-credentials.js';
import { registerUser } from './user-registration.js';
import { findUserDto, userDtoOf } from './users.js';
import { updateAccountDetails } from './account-details.js';
import { announceFeedWrites } from '../http/feed-writes.js';
import { errorResponses, JSON_OR_FORM, mediaUrlsOf, SIGNED_IN } from '../http/route-helpers.js';
import { rotateCookies } from './users-session.routes.js';

const TAGS = ['users'];

export default async function usersRoutes(app: App, { ctx }: RouteOptions) {
  const secure = ctx.config.cookieSecure;

  const authRateLimit = {
    rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' },
  };
  const nameAndEmail = normalizeFields({
    trim: ['fullName'],
    lowerCase: ['userName', 'email'],
    blankAsMissing: ['password'],
  });

  app.post(
    '/register',
    {
      config: authRateLimit,
      preValidation: [
        receiveMultipartBody(
          ctx.tmpDir,
          { avatar: IMAGE_RULE, coverImage: IMAGE_RULE },
          { allowOtherBodies: true },
        ),
        nameAndEmail,
      ],
      onSend: cleanupMultipartBody,
      schema: {
        tags: TAGS,
        summary: 'Create an account (default avatar and cover when no image is sent)',
        consumes: JSON_OR_FORM,
        body: RegisterBody,
        response: { 201: Envelope(User), ...errorResponses(400, 403, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const files = receivedFiles(request);
      const row = await registerUser(ctx, {
        fields: request.body,
        avatar: files.avatar,
        coverImage: files.coverImage,
      });
      const user = await userDtoOf(ctx.db, row, mediaUrlsOf(request, ctx));
      return reply.status(201).send(created(user, 'User registered successfully'));
    },
  );

  app.post(
    '/login',
    {
      config: authRateLimit,
      preValidation: [
        multipartFieldsToBody,
        normalizeFields({ lowerCase: ['userName', 'email'], blankAsMissing: ['password'] }),
      ],
      schema: {
        tags: TAGS,
        summary:
          'Sign in; sets the accessToken and refreshToken cookies, or asks for the second step',
        consumes: JSON_OR_FORM,
        body: LoginBody,
        response: { 200: Envelope(LoginAnswer), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const row = await authenticate(ctx.db, request.body);
      const secondStep = await secondStepOf(ctx.db, row);
      if (secondStep) return ok(secondStep, SECOND_STEP_MESSAGES.required);
      return ok(await completeSignIn(ctx, request, reply, row), 'User logged in successfully');
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Sign out: revokes this session and clears the cookies',
        response: { 200: Envelope(EmptyObject), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      // Cookies go in every case, even when the answer is 401.
      clearAuthCookies(reply, secure);
      const refreshToken = request.cookies[REFRESH_COOKIE];
      try {
        await endSession(ctx.db, request.auth, refreshToken);
      } finally {
        // The session's live streams end on every replica (its refresh token names it when the
        // access token had expired).
        const { auth } = request;
        const sessionId = refreshToken ? parseRefreshToken(refreshToken)?.sessionId : undefined;
        if (auth) await announceSessionsEnded(ctx.events, { userId: auth.userId });
        else if (sessionId) await announceSessionsEnded(ctx.events, { sessionId });
      }
      return ok({}, 'User logged out');
    },
  );

  app.get(
    '/current-user',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'The signed-in account',
        response: { 200: Envelope(User), ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = await findUserDto(ctx.statements, callerId(request), mediaUrlsOf(request, ctx));
      if (!user) throw unauthorized();
      return ok(user, 'Current user fetched');
    },
  );

  app.post(
    '/refresh-token',
    {
      preValidation: multipartFieldsToBody,
      schema: {
        tags: TAGS,
        summary: 'Rotates both cookies; a reused refresh token revokes its session',
        description: `Reads the ${REFRESH_COOKIE} cookie, or a refreshToken body field.`,
        response: { 200: Envelope(EmptyObject), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await rotateCookies(
        ctx,
        reply,
        refreshTokenOf(request.cookies[REFRESH_COOKIE], request.body),
      );
      return ok({}, 'Access token refreshed');
    },
  );

  app.post(
    '/change-password',
    {
      onRequest: app.requireAuth,
      preValidation: [
        multipartFieldsToBody,
        normalizeFields({ blankAsMissing: ['oldPassword', 'newPassword'] }),
      ],
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary:
          'Change the password; every other session is signed out unless signOutOthers is false',
        consumes: JSON_OR_FORM,
        body: ChangePasswordBody,
        response: { 200: Envelope(EmptyObject), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      if (!request.auth) throw unauthorized();
      const { oldPassword, newPassword, signOutOthers } = request.body;
      const ended = await changePassword(
        ctx.db,
        request.auth,
        oldPassword,
        newPassword,
        signOutOthers,
      );
      // The other sessions were revoked: their live streams end on every replica.
      if (ended > 0) await announceSessionsEnded(ctx.events, { userId: request.auth.userId });
      return ok({}, 'Password changed successfully');
    },
  );

  app.patch(
    '/update-Account-Details',
    {
      onRequest: app.requireAuth,
      // Feed items show their channel's name.
      onSend: announceFeedWrites(ctx),
      preValidation: [multipartFieldsToBody, nameAndEmail],
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary:
          'Change full name and email (a new email waits for its mailed link: `pendingEmail`)',
        consumes: JSON_OR_FORM,
        body: AccountDetailsBody,
        response: { 200: Envelope(User), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const row = await updateAccountDetails(ctx, callerId(request), request.body);
      if (!row) throw unauthorized();
      const user = await userDtoOf(ctx.db, row, mediaUrlsOf(request, ctx));
      return ok(user, 'Account details updated successfully');
    },
  );

  app.get(
    '/channel/:userName',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "A channel's profile with subscriber figures",
        params: ChannelParams,
        response: { 200: Envelope(Channel), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const channel = await findChannel(
        ctx.db,
        request.params.userName,
        callerId(request),
        mediaUrlsOf(request, ctx),
      );
      if (!channel) throw notFound('Channel not found');
      return ok(channel, 'Channel fetched');
    },
  );
}
