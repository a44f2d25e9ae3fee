/**
 * The conversation under a video (issue 33, contract/conversation.ts): the comment list in either
 * order, a thread's replies, replying, comment likes (API.md's `/likes/toggle/c/{id}`), and the
 * creator's pin, heart, comments-off switch and block, as the promise actors of the watch page's
 * comment machines.
 */
import { fromPromise } from 'xstate';
import type {
  BlockState,
  CommentSettings,
  HeartState,
  PinState,
  ReplyList,
} from '../../contract/conversation';
import type { CommentList, CommentSort, LikeToggle } from '../../contract/engagement';
import type { Comment } from '../../contract/shapes';
import type { SubmitTextInput } from '../../machines/comment-composer.machine';
import type { Page, PageRequest } from '../../machines/pager.machine';
import { request } from './client';
import { editComment } from './engagement';

const id = (value: string) => encodeURIComponent(value);
const text = (v: unknown) => (typeof v === 'string' ? v : null);

export function listComments(
  videoId: string,
  query: { page: number; limit: number; sort?: CommentSort },
  signal?: AbortSignal,
): Promise<CommentList> {
  return request<CommentList>({
    method: 'GET',
    url: `/comments/${id(videoId)}`,
    params: query,
    signal,
  });
}

export function listReplies(
  commentId: string,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<ReplyList> {
  return request<ReplyList>({
    method: 'GET',
    url: `/comments/c/${id(commentId)}/replies`,
    params: { page, limit },
    signal,
  });
}

/** Under a reply, the server posts into the same thread, answering the reply's author. */
export function addReply(commentId: string, content: string): Promise<Comment> {
  return request<Comment>({
    method: 'POST',
    url: `/comments/c/${id(commentId)}/replies`,
    data: { content },
  });
}

export function setPin(commentId: string, pinned: boolean): Promise<PinState> {
  return request<PinState>({
    method: pinned ? 'PUT' : 'DELETE',
    url: `/comments/c/${id(commentId)}/pin`,
  });
}

export function setHeart(commentId: string, hearted: boolean): Promise<HeartState> {
  return request<HeartState>({
    method: hearted ? 'PUT' : 'DELETE',
    url: `/comments/c/${id(commentId)}/heart`,
  });
}

export function saveCommentSettings(videoId: string, commentsOff: boolean) {
  return request<CommentSettings>({
    method: 'PATCH',
    url: `/comments/${id(videoId)}/settings`,
    data: { commentsOff },
  });
}

export function blockUser(userId: string): Promise<BlockState> {
  return request<BlockState>({
    method: 'PUT',
    url: `/comments/moderation/blocked/${id(userId)}`,
  });
}

export function toggleCommentLike(commentId: string): Promise<LikeToggle> {
  return request<LikeToggle>({ method: 'POST', url: `/likes/toggle/c/${id(commentId)}` });
}

/**
 * One page of a video's comments (params.videoId, params.sort); the list's own fields
 * (commentAndReplyCount, commentsOff, canModerate, and the total they came with) travel as the
 * page's meta.
 */
export const fetchCommentPage = fromPromise<Page, PageRequest>(async ({ input, signal }) => {
  const videoId = text(input.params.videoId);
  if (!videoId) throw new Error('video id is required');
  const sort = text(input.params.sort) as CommentSort | null;
  const list = await listComments(
    videoId,
    { page: input.page, limit: input.limit, ...(sort ? { sort } : {}) },
    signal,
  );
  const { comments, totalComments, commentAndReplyCount, commentsOff, canModerate } = list;
  return {
    items: comments,
    total: totalComments,
    meta: { commentAndReplyCount, commentsOff, canModerate, totalComments },
  };
});

export const conversationActors = {
  /** One page of a thread's replies (params.commentId), oldest first. */
  fetchReplies: fromPromise<Page, PageRequest>(async ({ input, signal }) => {
    const commentId = text(input.params.commentId);
    if (!commentId) throw new Error('comment id is required');
    const { replies, totalReplies } = await listReplies(commentId, input.page, input.limit, signal);
    return { items: replies, total: totalReplies };
  }),
  /** The composer: a reply, or the edit of one's own comment or reply. */
  submitText: fromPromise<Comment, SubmitTextInput>(({ input }) =>
    input.mode === 'reply'
      ? addReply(input.commentId, input.content)
      : editComment(input.commentId, input.content),
  ),
  setPin: fromPromise<PinState, { commentId: string; pinned: boolean }>(({ input }) =>
    setPin(input.commentId, input.pinned),
  ),
  setHeart: fromPromise<HeartState, { commentId: string; hearted: boolean }>(({ input }) =>
    setHeart(input.commentId, input.hearted),
  ),
  blockUser: fromPromise<BlockState, { userId: string }>(({ input }) => blockUser(input.userId)),
  toggleCommentLike: fromPromise<LikeToggle, { commentId: string }>(({ input }) =>
    toggleCommentLike(input.commentId),
  ),
  saveCommentSettings: fromPromise<CommentSettings, { videoId: string; commentsOff: boolean }>(
    ({ input }) => saveCommentSettings(input.videoId, input.commentsOff),
  ),
};

export type ConversationActors = typeof conversationActors;
