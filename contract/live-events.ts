/**
 * GET /events (issue 23, an addition to API.md): the one Server-Sent Events stream of a signed-in
 * client. Messages name what changed by id only; the client re-reads it through the API.
 *
 * - `notifications` (data `{}`): the caller's notifications changed; re-read the unread count
 *   (and the open list).
 * - `comment` (data `{ videoId, commentId, parentId }`): a comment (parentId null) or a reply (in
 *   the thread of parentId) was added to the watched video.
 * - `comments` (data `{ videoId }`): comments may have been missed; re-read the watched list.
 *
 * Comment lines (`: heartbeat`) keep proxies from closing an idle stream; `retry:` tells
 * EventSource how long to wait before reconnecting. The server ends a stream after at most
 * 15 minutes (the access token's life), and the client reconnects.
 */
// No TypeBox here: the SPA's shell imports this module (the query's schema is in
// notifications.ts).

/** The SSE event names, as listeners name them. */
export const LIVE_EVENT = {
  notifications: 'notifications',
  comment: 'comment',
  comments: 'comments',
} as const;

export interface LiveCommentEvent {
  videoId: string;
  commentId: string;
  /** The thread a reply joined; null for a comment (issue 33). */
  parentId: string | null;
}
