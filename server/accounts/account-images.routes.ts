/**
 * API.md, Users: PATCH /users/update-Avatar and /users/update-CoverImage. The form is streamed to
 * a temp file before validation (removed again before the answer leaves); the service re-encodes
 * it and swaps it in.
 */
import { Envelope } from '../../contract/common.js';
import { User } from '../../contract/shapes.js';
import { AvatarBody, CoverImageBody } from '../../contract/users.js';
import { callerId } from '../auth/plugin.js';
import { ok } from '../http/envelope.js';
import { requiredField } from '../errors.js';
import { IMAGE_RULE } from '../http/multipart.js';
import {
  cleanupMultipartBody,
  receiveMultipartBody,
  receivedFiles,
} from '../http/multipart-body.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { replaceAccountImage, type AccountImage } from './user-images.js';
import { userDtoOf } from './users.js';
import { announceFeedWrites } from '../http/feed-writes.js';
import { errorResponses, mediaUrlsOf, SIGNED_IN } from '../http/route-helpers.js';

const TAGS = ['users'];

export default async function accountImageRoutes(app: App, { ctx }: RouteOptions) {
  const feedWrite = announceFeedWrites(ctx);
  const imageRoute = (url: string, field: 'avatar' | 'coverImage', kind: AccountImage) =>
    app.patch(
      url,
      {
        onRequest: app.requireAuth,
        preValidation: receiveMultipartBody(ctx.tmpDir, { [field]: IMAGE_RULE }),
        // Feed items show their channel's avatar.
        onSend: field === 'avatar' ? [cleanupMultipartBody, feedWrite] : cleanupMultipartBody,
        schema: {
          tags: TAGS,
          security: SIGNED_IN,
          summary: `Replace the ${kind} image`,
          consumes: ['multipart/form-data'],
          body: field === 'avatar' ? AvatarBody : CoverImageBody,
          response: { 200: Envelope(User), ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request) => {
        const file = receivedFiles(request)[field];
        if (!file) throw requiredField(field);
        const row = await replaceAccountImage(ctx, callerId(request), kind, file, request.log);
        const user = await userDtoOf(ctx.db, row, mediaUrlsOf(request, ctx));
        return ok(user, `${kind === 'avatar' ? 'Avatar' : 'Cover image'} updated successfully`);
      },
    );
  imageRoute('/update-Avatar', 'avatar', 'avatar');
  imageRoute('/update-CoverImage', 'coverImage', 'cover');
}
