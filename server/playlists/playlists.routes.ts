/** API.md, Playlists: a user's playlists, one playlist, and the owner's changes to theirs. */
import { EmptyObject, Envelope } from '../../contract/common.js';
import {
  CreatePlaylistBody,
  Playlist,
  PlaylistDetail,
  PlaylistHoldingParams,
  PlaylistIdParams,
  PlaylistsHolding,
  PlaylistsQuery,
  PlaylistUserParams,
  PlaylistVideoParams,
  PlaylistVideosQuery,
  UpdatePlaylistBody,
} from '../../contract/playlists.js';
import { callerId } from '../auth/plugin.js';
import { created, ok } from '../http/envelope.js';
import { multipartFieldsToBody } from '../http/multipart.js';
import { normalizeFields } from '../http/normalize-fields.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { addToPlaylist, playlistsHolding, removeFromPlaylist } from './playlist-entries.js';
import { createPlaylist, deletePlaylist, updatePlaylist } from './playlist-edits.js';
import { playlistIdOf } from './playlist-for-page.js';
import { listUserPlaylists, playlistDetail, watchLaterOf } from './playlists.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';
import { countedListRoute } from '../http/counted-list.js';

const tags = ['playlists'];
const security = [{ cookieAuth: [] }];
const consumes = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
/** Names are trimmed before the schema checks their length; a blank one is a missing one. */
const readFields = [multipartFieldsToBody, normalizeFields({ trim: ['title', 'name'] })];

export default async function playlistsRoutes(app: App, { ctx }: RouteOptions) {
  countedListRoute(
    app,
    '/user/:userId',
    {
      tags,
      security,
      summary: "A user's playlists, newest first",
      params: PlaylistUserParams,
      querystring: PlaylistsQuery,
      item: Playlist,
      message: 'Playlists fetched',
    },
    async ({ params, query, request }) => {
      const { playlists, total } = await listUserPlaylists(
        ctx.db,
        params.userId,
        callerId(request),
        query,
        mediaUrlsOf(request, ctx),
      );
      return { items: playlists, total };
    },
  );

  app.get(
    '/watch-later',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "The caller's Watch later list (made on first use; visible to its owner only)",
        response: { 200: Envelope(Playlist), ...errorResponses(401) },
      },
    },
    async (request) => {
      const data = await watchLaterOf(ctx.db, callerId(request), mediaUrlsOf(request, ctx));
      return ok(data, 'Watch later fetched');
    },
  );

  app.get(
    '/holding/:videoId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "Which of the caller's playlists (Watch later included) hold a video",
        params: PlaylistHoldingParams,
        response: { 200: Envelope(PlaylistsHolding), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const data = await playlistsHolding(ctx.db, request.params.videoId, callerId(request));
      return ok(data, 'Playlists holding the video fetched');
    },
  );

  app.get(
    '/:playlistId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'A playlist with one page of its videos, in the order they were added',
        params: PlaylistIdParams,
        querystring: PlaylistVideosQuery,
        response: { 200: Envelope(PlaylistDetail), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = callerId(request);
      // `WL` names the caller's own Watch later (as on the largest site), so a link can say it.
      const urls = mediaUrlsOf(request, ctx);
      const playlistId = await playlistIdOf(ctx.db, request.params.playlistId, caller, urls);
      const data = await playlistDetail(ctx.db, playlistId, caller, request.query, urls);
      return ok(data, 'Playlist fetched');
    },
  );

  app.post(
    '/',
    {
      onRequest: app.requireAuth,
      preValidation: readFields,
      schema: {
        tags,
        security,
        summary:
          'Create a playlist (title 1…100 characters, description ≤ 1000; not "Watch later")',
        consumes,
        body: CreatePlaylistBody,
        response: { 201: Envelope(Playlist), ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const { title, description } = request.body;
      const playlist = await createPlaylist(
        ctx.db,
        callerId(request),
        { name: title, description },
        mediaUrlsOf(request, ctx),
      );
      return reply.status(201).send(created(playlist, 'Playlist created'));
    },
  );

  app.patch(
    '/:playlistId',
    {
      onRequest: app.requireAuth,
      preValidation: readFields,
      schema: {
        tags,
        security,
        summary: 'Rename an own playlist or change its description',
        consumes,
        params: PlaylistIdParams,
        body: UpdatePlaylistBody,
        response: { 200: Envelope(Playlist), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const playlist = await updatePlaylist(
        ctx.db,
        request.params.playlistId,
        callerId(request),
        request.body,
        mediaUrlsOf(request, ctx),
      );
      return ok(playlist, 'Playlist updated');
    },
  );

  app.delete(
    '/:playlistId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Delete an own playlist (its entries go with it)',
        params: PlaylistIdParams,
        response: { 200: Envelope(EmptyObject), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deletePlaylist(ctx.db, request.params.playlistId, callerId(request));
      return ok({}, 'Playlist deleted');
    },
  );

  app.patch(
    '/add/:videoId/:playlistId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Add a video to an own playlist (409 when it is already there)',
        params: PlaylistVideoParams,
        response: { 200: Envelope(Playlist), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const playlist = await addToPlaylist(
        ctx.db,
        request.params,
        callerId(request),
        mediaUrlsOf(request, ctx),
      );
      return ok(playlist, 'Video added to playlist');
    },
  );

  app.patch(
    '/remove/:videoId/:playlistId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Remove a video from an own playlist',
        params: PlaylistVideoParams,
        response: { 200: Envelope(Playlist), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const playlist = await removeFromPlaylist(
        ctx.db,
        request.params,
        callerId(request),
        mediaUrlsOf(request, ctx),
      );
      return ok(playlist, 'Video removed from playlist');
    },
  );
}
