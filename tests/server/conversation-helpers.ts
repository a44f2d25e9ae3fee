/** Issue 33's calls through the API, as the SPA makes them, for the conversation suites. */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { ReplyList } from '../../contract/conversation.js';
import type { CommentList } from '../../contract/engagement.js';
import type { Comment } from '../../contract/shapes.js';
import { comments, videos } from '../../server/db/schema.js';
import type { TestUser } from './auth-helpers.js';
import type { TestApp } from './helpers.js';

export type Res = LightMyRequestResponse;

export function conversation(t: TestApp) {
  const call = (user: TestUser, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: user.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const data = <T>(res: Res): T => res.json<{ data: T }>().data;
  return {
    call,
    data,
    add: (user: TestUser, videoId: string, content: string) =>
      call(user, 'POST', `/comments/${videoId}`, { content }),
    reply: (user: TestUser, commentId: string, content: string) =>
      call(user, 'POST', `/comments/c/${commentId}/replies`, { content }),
    edit: (user: TestUser, commentId: string, content: string) =>
      call(user, 'PATCH', `/comments/c/${commentId}`, { content }),
    del: (user: TestUser, commentId: string) => call(user, 'DELETE', `/comments/c/${commentId}`),
    like: (user: TestUser, commentId: string) => call(user, 'POST', `/likes/toggle/c/${commentId}`),
    pin: (user: TestUser, commentId: string, on = true) =>
      call(user, on ? 'PUT' : 'DELETE', `/comments/c/${commentId}/pin`),
    heart: (user: TestUser, commentId: string, on = true) =>
      call(user, on ? 'PUT' : 'DELETE', `/comments/c/${commentId}/heart`),
    approve: (user: TestUser, commentId: string) =>
      call(user, 'POST', `/comments/c/${commentId}/approve`),
    settings: (user: TestUser, videoId: string, commentsOff: boolean) =>
      call(user, 'PATCH', `/comments/${videoId}/settings`, { commentsOff }),
    words: (user: TestUser, words: unknown) =>
      call(user, 'PUT', '/comments/moderation/words', { words }),
    block: (user: TestUser, userId: string, on = true) =>
      call(user, on ? 'PUT' : 'DELETE', `/comments/moderation/blocked/${userId}`),
    async list(user: TestUser, videoId: string, query = ''): Promise<CommentList> {
      const res = await call(user, 'GET', `/comments/${videoId}${query}`);
      if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
      return data<CommentList>(res);
    },
    async replies(user: TestUser, commentId: string, query = ''): Promise<ReplyList> {
      const res = await call(user, 'GET', `/comments/c/${commentId}/replies${query}`);
      if (res.statusCode !== 200) throw new Error(`replies: ${res.statusCode} ${res.body}`);
      return data<ReplyList>(res);
    },
    /** A new comment's id (201 expected). */
    async comment(user: TestUser, videoId: string, content: string): Promise<Comment> {
      const res = await call(user, 'POST', `/comments/${videoId}`, { content });
      if (res.statusCode !== 201) throw new Error(`comment: ${res.statusCode} ${res.body}`);
      return data<Comment>(res);
    },
    async answer(user: TestUser, commentId: string, content: string): Promise<Comment> {
      const res = await call(user, 'POST', `/comments/c/${commentId}/replies`, { content });
      if (res.statusCode !== 201) throw new Error(`reply: ${res.statusCode} ${res.body}`);
      return data<Comment>(res);
    },
    async row(commentId: string) {
      const [row] = await t.ctx.db.select().from(comments).where(eq(comments.id, commentId));
      return row;
    },
    async counters(videoId: string) {
      const [row] = await t.ctx.db
        .select({ listed: videos.commentCount, talk: videos.conversationCount })
        .from(videos)
        .where(eq(videos.id, videoId));
      return row;
    },
  };
}

export const message = (res: Res) => res.json<{ message: string }>().message;
