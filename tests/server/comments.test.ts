/** Comments: list (newest first, paged), add, edit and delete own; limits; visibility. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, likes } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { multipart } from './media-fixtures.js';
import { insertVideo } from './video-helpers.js';

interface CommentJson {
  _id: string;
  content: string;
  createdAt: string;
  updatedAt: string;
  owner: { _id: string; userName: string; fullName: string; avatar: string };
}
interface ListJson {
  comments: CommentJson[];
  totalComments: number;
  page: number;
  limit: number;
}

describe('comments', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let videoId: string;

  const add = (user: TestUser, id: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/comments/${id}`,
      headers: user.headers,
      payload: payload as Record<string, string>,
    });
  const list = (user: TestUser, id: string, query = '') =>
    t.app.inject({ url: `/api/v1/comments/${id}${query}`, headers: user.headers });

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    videoId = await insertVideo(t, alice);
  });
  afterAll(() => t.close());

  it('adds a trimmed comment and answers it with its author', async () => {
    const res = await add(bob, videoId, { content: '  Great video!  ' });
    expect(res.statusCode).toBe(201);
    const comment = res.json<{ data: CommentJson }>().data;
    expect(comment).toMatchObject({
      content: 'Great video!',
      owner: { _id: bob.id, userName: 'bob', fullName: 'Full bob' },
    });
    const [row] = await t.ctx.db.select().from(comments).where(eq(comments.id, comment._id));
    expect(row).toMatchObject({ content: 'Great video!', videoId, ownerId: bob.id });
  });

  it('accepts the content as urlencoded and multipart fields too', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: `/api/v1/comments/${videoId}`,
      headers: { ...bob.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'content=From%20a%20form',
    });
    expect(form.statusCode).toBe(201);
    const { body, headers } = multipart({ content: 'From multipart' });
    const mp = await t.app.inject({
      method: 'POST',
      url: `/api/v1/comments/${videoId}`,
      headers: { ...bob.headers, ...headers },
      payload: body,
    });
    expect(mp.statusCode).toBe(201);
    expect(mp.json<{ data: CommentJson }>().data.content).toBe('From multipart');
  });

  it.each([
    [{}, /^content: Comment is required$/],
    [{ content: '   ' }, /^content: Comment is required$/],
    [{ content: 'x'.repeat(2001) }, /^content: Comment can be at most 2000 characters$/],
  ])('refuses bad content %#', async (payload, message) => {
    const res = await add(bob, videoId, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
  });

  it('accepts exactly 2000 characters after trimming', async () => {
    const res = await add(bob, videoId, { content: ` ${'y'.repeat(2000)} ` });
    expect(res.statusCode).toBe(201);
  });

  it('lists newest first, 9 per page by default, with the total', async () => {
    const id = await insertVideo(t, alice);
    for (let i = 1; i <= 11; i++) {
      await t.ctx.db.insert(comments).values({
        id: `c${String(i).padStart(2, '0')}aaaaaaaaaaaaa`,
        videoId: id,
        ownerId: bob.id,
        content: `comment ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, i)),
      });
    }
    const first = (await list(alice, id)).json<{ data: ListJson }>().data;
    expect(first).toMatchObject({ totalComments: 11, page: 1, limit: 9 });
    expect(first.comments.map((c) => c.content)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `comment ${i}`),
    );
    const second = (await list(alice, id, '?page=2')).json<{ data: ListJson }>().data;
    expect(second.comments.map((c) => c.content)).toEqual(['comment 2', 'comment 1']);
    expect((await list(alice, id, '?limit=51')).statusCode).toBe(400);
  });

  it('lets only the author edit and the author or creator delete; others get 403', async () => {
    const comment = (await add(bob, videoId, { content: 'Mine' })).json<{ data: CommentJson }>()
      .data;
    const edit = (user: TestUser, content: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/comments/c/${comment._id}`,
        headers: user.headers,
        payload: { content },
      });
    const del = (user: TestUser) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/comments/c/${comment._id}`,
        headers: user.headers,
      });
    // The video's owner may delete (issue 33) but not edit; anyone else may do neither.
    const carol = await createUser(t, 'carol');
    expect((await edit(alice, 'Hijacked')).statusCode).toBe(403);
    expect((await edit(carol, 'Hijacked')).statusCode).toBe(403);
    expect((await del(carol)).statusCode).toBe(403);
    const edited = await edit(bob, ' Edited ');
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ data: CommentJson }>().data).toMatchObject({
      _id: comment._id,
      content: 'Edited',
    });
    expect((await edit(bob, '')).statusCode).toBe(400);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/likes/toggle/c/${comment._id}`,
      headers: alice.headers,
    });
    const gone = await del(bob);
    expect(gone.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(comments).where(eq(comments.id, comment._id))).toEqual([]);
    expect(await t.ctx.db.select().from(likes).where(eq(likes.targetId, comment._id))).toEqual([]);
    expect((await del(bob)).statusCode).toBe(404);
    expect((await edit(bob, 'again')).statusCode).toBe(404);
  });

  it("hides the comments of someone else's unpublished video", async () => {
    const hidden = await insertVideo(t, alice, { isPublished: false });
    expect((await add(alice, hidden, { content: 'Note to self' })).statusCode).toBe(201);
    expect((await list(bob, hidden)).statusCode).toBe(404);
    expect((await add(bob, hidden, { content: 'Sneaky' })).statusCode).toBe(404);
    const own = (await list(alice, hidden)).json<{ data: ListJson }>().data;
    expect(own.comments.map((c) => c.content)).toEqual(['Note to self']);
  });

  it('answers unknown videos with 404 and anonymous callers with 401', async () => {
    expect((await list(bob, 'AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await add(bob, 'AAAAAAAAAAAAAAAA', { content: 'x' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/comments/${videoId}` })).statusCode).toBe(401);
  });
});
