/**
 * GET /videos/user carries each video's `likeCount` (beyond API.md, for the dashboard's rows):
 * likes on that video only, whoever gave them, never the likes of the owner's tweets or
 * comments; and the list stays one fixed set of statements whatever the page holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnVideoList } from '../../contract/videos.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { call, likeVideo, postComment, postTweet } from './dashboard-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { countStatements } from './statement-counter.js';
import { insertVideo } from './video-helpers.js';

const likesById = (list: OwnVideoList) =>
  Object.fromEntries(list.videos.map((v) => [v._id, v.likeCount]));

describe('likeCount of the caller’s own videos', () => {
  let t: TestApp;
  let creator: TestUser;
  let fans: TestUser[];
  let liked: string;
  let hidden: string;
  let unliked: string;

  beforeAll(async () => {
    t = await createTestApp();
    creator = await createUser(t);
    fans = [await createUser(t), await createUser(t), await createUser(t)];
    const [a, b, c] = fans as [TestUser, TestUser, TestUser];
    liked = await insertVideo(t, creator);
    hidden = await insertVideo(t, creator, { isPublished: false });
    unliked = await insertVideo(t, creator);
    // Three users like `liked`, the owner included; one like is taken back.
    await likeVideo(t, a, liked);
    await likeVideo(t, b, liked);
    await likeVideo(t, creator, liked);
    await likeVideo(t, c, liked);
    await likeVideo(t, c, liked);
    await likeVideo(t, creator, hidden);
    // Likes on the creator's tweet and comment (on the unliked video) are not the video's.
    const tweet = await postTweet(t, creator);
    await call(t, a, 'POST', `/likes/toggle/t/${tweet}`);
    const comment = await postComment(t, creator, unliked);
    await call(t, a, 'POST', `/likes/toggle/c/${comment}`);
    await call(t, b, 'POST', `/likes/toggle/c/${comment}`);
  }, 60_000);
  afterAll(() => t.close());

  it('counts only the likes on each video, from every user', async () => {
    const list = await call<OwnVideoList>(t, creator, 'GET', '/videos/user?limit=50');
    expect(likesById(list)).toEqual({ [liked]: 3, [hidden]: 1, [unliked]: 0 });
  });

  it('is not part of the public feed (the feed keeps API.md’s VideoItem)', async () => {
    const feed = await call<{ videos: object[] }>(
      t,
      fans[0]!,
      'GET',
      `/videos?userId=${creator.id}`,
    );
    expect(feed.videos.length).toBe(2);
    for (const video of feed.videos) expect(video).not.toHaveProperty('likeCount');
  });

  it('costs no statement per row: 1 video and 3 videos take the same statements', async () => {
    const counter = countStatements(t);
    try {
      const sizes: number[] = [];
      const statements: number[] = [];
      for (const limit of [1, 3]) {
        statements.push(
          await counter.during(async () => {
            const list = await call<OwnVideoList>(t, creator, 'GET', `/videos/user?limit=${limit}`);
            sizes.push(list.videos.length);
          }),
        );
      }
      expect(sizes).toEqual([1, 3]);
      expect(statements[1]).toBe(statements[0]);
      // The session check, the page and its count.
      expect(statements[0]).toBeLessThanOrEqual(3);
    } finally {
      counter.restore();
    }
  });
});
