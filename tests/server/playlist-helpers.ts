/** Shortcuts for playlist tests: the API calls, and rows straight into the database. */
import { eq } from 'drizzle-orm';
import { newId } from '../../server/db/ids.js';
import { playlists, playlistVideos } from '../../server/db/schema.js';
import type { TestUser } from './auth-helpers.js';
import type { TestApp } from './helpers.js';

export interface PlaylistJson {
  _id: string;
  playlistName: string;
  description: string;
  videos: number;
  thumbnail: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface PlaylistDetailJson extends Omit<PlaylistJson, 'videos'> {
  owner: { _id: string; userName: string };
  videos: { _id: string; duration: number; isPublished: boolean; thumbnail: string }[];
  totalVideos: number;
  page: number;
  limit: number;
}

export const api = (t: TestApp) => ({
  create: (user: TestUser | null, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/playlist',
      headers: user?.headers ?? {},
      payload,
    }),
  update: (user: TestUser, id: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/playlist/${id}`,
      headers: user.headers,
      payload,
    }),
  remove: (user: TestUser, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/playlist/${id}`, headers: user.headers }),
  add: (user: TestUser, videoId: string, playlistId: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/playlist/add/${videoId}/${playlistId}`,
      headers: user.headers,
    }),
  take: (user: TestUser, videoId: string, playlistId: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/playlist/remove/${videoId}/${playlistId}`,
      headers: user.headers,
    }),
  detail: (user: TestUser, id: string, query = '') =>
    t.app.inject({ url: `/api/v1/playlist/${id}${query}`, headers: user.headers }),
  ofUser: (user: TestUser, userId: string, query = '') =>
    t.app.inject({ url: `/api/v1/playlist/user/${userId}${query}`, headers: user.headers }),
});

/** A playlist row with `videoIds` as its entries, in that order. */
export async function insertPlaylist(
  t: TestApp,
  owner: TestUser,
  input: { name?: string; description?: string; createdAt?: Date; videoIds?: string[] } = {},
) {
  const id = newId();
  await t.ctx.db.insert(playlists).values({
    id,
    ownerId: owner.id,
    name: input.name ?? `List ${id}`,
    description: input.description ?? '',
    createdAt: input.createdAt ?? new Date(),
  });
  if (input.videoIds?.length) {
    await t.ctx.db
      .insert(playlistVideos)
      .values(input.videoIds.map((videoId) => ({ playlistId: id, videoId })));
  }
  return id;
}

export async function playlistRow(t: TestApp, id: string) {
  const [row] = await t.ctx.db.select().from(playlists).where(eq(playlists.id, id));
  return row;
}

export async function entryIds(t: TestApp, playlistId: string) {
  const rows = await t.ctx.db
    .select({ videoId: playlistVideos.videoId })
    .from(playlistVideos)
    .where(eq(playlistVideos.playlistId, playlistId))
    .orderBy(playlistVideos.position);
  return rows.map((r) => r.videoId);
}
