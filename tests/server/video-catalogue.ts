/**
 * The catalogue the videos API files (videos-feed, videos-watch, videos-edit) start from: Alice's
 * guitar lesson, pasta and unpublished draft and Carol's drum solo, on an app of the file's own,
 * and the requests those files make of it. Each file builds it once; its tests share it in order.
 */
import { expect } from 'vitest';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

export interface VideoJson {
  _id: string;
  title: string;
  description: string;
  tags: string[];
  views: number;
  duration: number;
  isPublished: boolean;
  thumbnail: string;
  videoFile: string;
  createdAt: string;
  owner: { _id: string; userName: string; fullName: string; avatar: string };
}
export interface ListJson {
  videos: VideoJson[];
  totalVideos: number;
  page: number;
  limit: number;
}

export const day = (n: number) => new Date(Date.UTC(2026, 0, n));

export interface VideoCatalogue {
  t: TestApp;
  alice: TestUser;
  bob: TestUser;
  /** Alice's catalogue, by name. */
  v: Record<string, string>;
}

/** A new app with three users (alice, bob, carol) and four videos, three of them published. */
export async function openVideoCatalogue(): Promise<VideoCatalogue> {
  const t = await createTestApp();
  const alice = await createUser(t, 'alice');
  const bob = await createUser(t, 'bob');
  const carol = await createUser(t, 'carol');
  const v: Record<string, string> = {};
  v.guitar = await insertVideo(t, alice, {
    title: 'Guitar lesson for beginners',
    description: 'Learn three chords',
    tags: ['music', 'guitar'],
    createdAt: day(1),
    views: 50,
    duration: 300,
  });
  v.pasta = await insertVideo(t, alice, {
    title: 'Fresh pasta at home',
    description: 'Flour, eggs and a little music in the background',
    tags: ['cooking'],
    createdAt: day(2),
    views: 500,
    duration: 120,
  });
  v.drums = await insertVideo(t, carol, {
    title: 'Drum solo',
    description: 'Loud',
    tags: ['music', 'drums'],
    createdAt: day(3),
    views: 5,
    duration: 60,
  });
  v.secret = await insertVideo(t, alice, {
    title: 'Secret guitar draft',
    description: 'Not ready',
    tags: ['music', 'guitar'],
    isPublished: false,
    createdAt: day(4),
  });
  return { t, alice, bob, v };
}

/** The feed and watch requests, on the app `app()` returns once the file's `beforeAll` has run. */
export function catalogueRequests(app: () => TestApp) {
  async function feed(query: string, user?: TestUser) {
    const res = await app().app.inject({ url: `/api/v1/videos${query}`, headers: user?.headers });
    return res;
  }
  async function feedTitles(query: string, user?: TestUser) {
    const res = await feed(query, user);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: ListJson }>().data.videos.map((x) => x.title);
  }
  const watch = (user: TestUser, id: string) =>
    app().app.inject({ url: `/api/v1/videos/${id}`, headers: user.headers });
  return { feed, feedTitles, watch };
}
