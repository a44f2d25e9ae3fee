/**
 * The watch page's conversation (issue 33) rendered alone with fake actors: a comment list with
 * CommentList's issue 33 fields as its page meta, replies per thread, and recorders for every
 * call the section makes. A live stream the test drives (`live.reply(...)`).
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { BlockState, HeartState, PinState } from '../../contract/conversation';
import type { LikeToggle } from '../../contract/engagement';
import type { Comment, User } from '../../contract/shapes';
import type { SubmitTextInput } from '../../machines/comment-composer.machine';
import type { LiveConnectionEvent } from '../../machines/live-connection.machine';
import type { Page, PageRequest } from '../../machines/pager.machine';
import { CommentsSection } from '../../src/features/videos/comments-section';
import { commentFixture } from '../machines/comment-fixtures';
import { installIntersectionObserver, makeUser, renderVideoPage } from './videos-helpers';

export interface ListShape {
  comments: Comment[];
  commentAndReplyCount?: number;
  commentsOff?: boolean;
  canModerate?: boolean;
}

export function renderConversation(
  list: ListShape,
  options: { user?: User; replies?: Record<string, Comment[]> } = {},
) {
  installIntersectionObserver();
  const user = options.user ?? makeUser();
  const replies: Record<string, Comment[]> = { ...options.replies };
  const fetchCommentPage = vi.fn(async (_: PageRequest): Promise<Page> => ({
    items: list.comments,
    total: list.comments.length,
    meta: {
      commentAndReplyCount: list.commentAndReplyCount ?? list.comments.length,
      commentsOff: list.commentsOff ?? false,
      canModerate: list.canModerate ?? false,
      totalComments: list.comments.length,
    },
  }));
  const fetchReplies = vi.fn(async ({ page, limit, params }: PageRequest): Promise<Page> => {
    const all = replies[String(params.commentId)] ?? [];
    return { items: all.slice((page - 1) * limit, page * limit), total: all.length };
  });
  const submitText = vi.fn(async (input: SubmitTextInput): Promise<Comment> => {
    const reply = commentFixture(`new-${input.commentId}`, {
      content: input.content,
      owner: { _id: user._id, userName: user.userName, fullName: user.fullName, avatar: '' },
      parentId: input.commentId,
    });
    return reply;
  });
  const saveCommentSettings = vi.fn(async (input: { videoId: string; commentsOff: boolean }) => ({
    commentsOff: input.commentsOff,
  }));
  const setPin = vi.fn(
    async (input: { commentId: string; pinned: boolean }): Promise<PinState> => ({
      pinnedCommentId: input.pinned ? input.commentId : null,
    }),
  );
  const setHeart = vi.fn(
    async (input: { commentId: string; hearted: boolean }): Promise<HeartState> => ({
      hearted: input.hearted,
    }),
  );
  const blockUser = vi.fn(async (_: { userId: string }): Promise<BlockState> => ({
    blocked: true,
  }));
  const deleteComment = vi.fn(async (_: { commentId: string }) => {});
  let likes = 0;
  const toggleCommentLike = vi.fn(async (_: { commentId: string }): Promise<LikeToggle> => {
    likes += 1;
    return { liked: true, likeCount: likes };
  });
  // The live stream: the latest one opened for the video.
  let sendBack: ((event: LiveConnectionEvent) => void) | null = null;
  const stream = fromCallback<LiveConnectionEvent, { videoId: string | null }>(
    ({ sendBack: send, input }) => {
      if (input.videoId === 'v1') sendBack = send;
    },
  );
  const rendered = renderVideoPage(<CommentsSection videoId="v1" channelName="chan" />, {
    user,
    actors: {
      fetchCommentPage: fromPromise(({ input }) => fetchCommentPage(input)),
      fetchReplies: fromPromise(({ input }) => fetchReplies(input)),
      submitText: fromPromise(({ input }) => submitText(input)),
      saveCommentSettings: fromPromise(({ input }) => saveCommentSettings(input)),
      setPin: fromPromise(({ input }) => setPin(input)),
      setHeart: fromPromise(({ input }) => setHeart(input)),
      blockUser: fromPromise(({ input }) => blockUser(input)),
      deleteComment: fromPromise(({ input }) => deleteComment(input)),
      toggleCommentLike: fromPromise(({ input }) => toggleCommentLike(input)),
      authorize: fromPromise<void>(async () => {}),
      stream,
    },
  });
  let opened = false;
  const live = {
    ready: () => sendBack !== null,
    /** A comment (parentId null) or a reply joined the video, as the server announces it. */
    comment(commentId: string, parentId: string | null) {
      const data = JSON.stringify({ videoId: 'v1', commentId, parentId });
      act(() => {
        if (!opened) sendBack?.({ type: 'OPENED' });
        opened = true;
        sendBack?.({ type: 'MESSAGE', name: 'comment', data });
      });
    },
  };
  return {
    ...rendered,
    user,
    replies,
    live,
    fetchCommentPage,
    fetchReplies,
    submitText,
    saveCommentSettings,
    setPin,
    setHeart,
    blockUser,
    deleteComment,
    toggleCommentLike,
  };
}
