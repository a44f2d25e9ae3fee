/**
 * The Users calls of API.md (history lives in routes/history.ts). Handlers are thin: parse,
 * call a service, serialize. Text fields arrive as JSON, urlencoded or multipart; userName and
 * email are trimmed and lower-cased before validation (so "JohnDoe" registers and signs in as
 * "johndoe"), fullName trimmed.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { EmptyObject, Envelope, ErrorEnvelope } from '../../contract/common.js';
import { LIMITS } from '../../contract/limits.js';
import { User } from '../../contract/shapes.js';
import {
  AccountDetailsBody,
  AvatarBody,
  Channel,
  ChannelParams,
  ChangePasswordBody,
  CoverImageBody,
  LoginBody,
  LoginData,
  RegisterBody,
} from '../../contract/users.js';
import { tmpDirOf } from '../app.js';
import { REFRESH_COOKIE, callerId, clearAuthCookies, setAuthCookies } from '../auth/plugin.js';
import { createSession, revokeSession, rotateSession } from '../auth/sessions.js';
import { created, ok } from '../http/envelope.js';
import { HttpError, badRequest, notFound, unauthorized } from '../http/errors.js';
import { formatBytes, multipartFieldsToBody, type FileRule } from '../http/multipart.js';
import {
  cleanupMultipartBody,
  receiveMultipartBody,
  receivedFiles,
} from '../http/multipart-body.js';
import { normalizeFields } from '../http/normalize-fields.js';
import type { App, RouteOptions } from '../http/types.js';
import { ensureDefaultImages } from '../services/default-images.js';
import { findChannel } from '../services/user-channel.js';
import { revokeByRefreshToken } from '../services/user-sessions.js';
import { authenticate, changePassword } from '../services/user-credentials.js';
import { replaceAccountImage, type AccountImage } from '../services/user-images.js';
import { registerUser } from '../services/user-registration.js';
import { findUserDto, mediaUrlFor, updateAccountDetails, userDtoOf } from '../services/users.js';

const TAGS = ['users'];
/** OpenAPI: the accessToken cookie (securitySchemes.cookieAuth in app.ts). */
const SIGNED_IN = [{ cookieAuth: [] }];
const JSON_OR_FORM = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
];
const IMAGE_RULE: FileRule = {
  maxBytes: LIMITS.imageBytes,
  limitText: formatBytes(LIMITS.imageBytes),
};

/**
 * Non-browser clients may send the refresh token in the body. No body schema on this route: the
 * usual call has no body at all.
 */
function refreshTokenInBody(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const token = (body as Record<string, unknown>).refreshToken;
  return typeof token === 'string' && token.length <= 512 ? token : undefined;
}

/** Error responses documented (and serialized) with the shared envelope. */
function errors(...codes: number[]): Record<number, TSchema> {
  return Object.fromEntries(codes.map((code) => [code, Type.Ref(ErrorEnvelope)]));
}

export default async function usersRoutes(app: App, { ctx }: RouteOptions) {
  const tmpDir = tmpDirOf(ctx);
  const secure = ctx.config.cookieSecure;
  await ensureDefaultImages(ctx, tmpDir);

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
          tmpDir,
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
        response: { 201: Envelope(User), ...errors(400, 403, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const files = receivedFiles(request);
      const row = await registerUser(
        ctx,
        { fields: request.body, avatar: files.avatar, coverImage: files.coverImage },
        tmpDir,
      );
      const user = await userDtoOf(ctx.db, row, mediaUrlFor(request, ctx));
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
        summary: 'Sign in; sets the accessToken and refreshToken cookies',
        consumes: JSON_OR_FORM,
        body: LoginBody,
        response: { 200: Envelope(LoginData), ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const row = await authenticate(ctx.db, request.body);
      const tokens = await createSession(ctx.db, row.id, ctx.config.accessTokenSecret);
      setAuthCookies(reply, tokens, secure);
      const user = await userDtoOf(ctx.db, row, mediaUrlFor(request, ctx));
      return ok({ user }, 'User logged in successfully');
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Sign out: revokes this session and clears the cookies',
        response: { 200: Envelope(EmptyObject), ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      // Cookies go in every case, and an expired access token still lets the refresh token
      // end its session: pressing Logout must never leave a live session behind.
      clearAuthCookies(reply, secure);
      if (!request.auth) {
        const refreshToken = request.cookies[REFRESH_COOKIE];
        if (refreshToken) await revokeByRefreshToken(ctx.db, refreshToken);
        throw unauthorized();
      }
      await revokeSession(ctx.db, request.auth.sessionId);
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
        response: { 200: Envelope(User), ...errors(401) },
      },
    },
    async (request) => {
      const user = await findUserDto(ctx.db, callerId(request), mediaUrlFor(request, ctx));
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
        response: { 200: Envelope(EmptyObject), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE] || refreshTokenInBody(request.body);
      try {
        if (!token) throw unauthorized('Refresh token is required');
        const tokens = await rotateSession(ctx.db, token, ctx.config.accessTokenSecret);
        setAuthCookies(reply, tokens, secure);
      } catch (error) {
        // A dead refresh token is of no further use: drop both cookies so the client signs in anew.
        if (error instanceof HttpError && error.statusCode === 401) clearAuthCookies(reply, secure);
        throw error;
      }
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
        summary: 'Change the password; every other session is signed out',
        consumes: JSON_OR_FORM,
        body: ChangePasswordBody,
        response: { 200: Envelope(EmptyObject), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      if (!request.auth) throw unauthorized();
      const { oldPassword, newPassword } = request.body;
      await changePassword(ctx.db, request.auth, oldPassword, newPassword);
      return ok({}, 'Password changed successfully');
    },
  );

  app.patch(
    '/update-Account-Details',
    {
      onRequest: app.requireAuth,
      preValidation: [multipartFieldsToBody, nameAndEmail],
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Change full name and email',
        consumes: JSON_OR_FORM,
        body: AccountDetailsBody,
        response: { 200: Envelope(User), ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const row = await updateAccountDetails(ctx.db, callerId(request), request.body);
      if (!row) throw unauthorized();
      const user = await userDtoOf(ctx.db, row, mediaUrlFor(request, ctx));
      return ok(user, 'Account details updated successfully');
    },
  );

  const imageRoute = (url: string, field: 'avatar' | 'coverImage', kind: AccountImage) =>
    app.patch(
      url,
      {
        onRequest: app.requireAuth,
        preValidation: receiveMultipartBody(tmpDir, { [field]: IMAGE_RULE }),
        onSend: cleanupMultipartBody,
        schema: {
          tags: TAGS,
          security: SIGNED_IN,
          summary: `Replace the ${kind} image`,
          consumes: ['multipart/form-data'],
          body: field === 'avatar' ? AvatarBody : CoverImageBody,
          response: { 200: Envelope(User), ...errors(400, 401, 403, 413, 415) },
        },
      },
      async (request) => {
        const file = receivedFiles(request)[field];
        if (!file) throw badRequest(`${field}: is required`);
        const row = await replaceAccountImage(
          ctx,
          callerId(request),
          kind,
          file,
          tmpDir,
          request.log,
        );
        const user = await userDtoOf(ctx.db, row, mediaUrlFor(request, ctx));
        return ok(user, `${kind === 'avatar' ? 'Avatar' : 'Cover image'} updated successfully`);
      },
    );
  imageRoute('/update-Avatar', 'avatar', 'avatar');
  imageRoute('/update-CoverImage', 'coverImage', 'cover');

  app.get(
    '/channel/:userName',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "A channel's profile with subscriber figures",
        params: ChannelParams,
        response: { 200: Envelope(Channel), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const channel = await findChannel(
        ctx.db,
        request.params.userName,
        callerId(request),
        mediaUrlFor(request, ctx),
      );
      if (!channel) throw notFound('Channel not found');
      return ok(channel, 'Channel fetched');
    },
  );
}
