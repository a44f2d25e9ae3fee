/**
 * The watch page's comments (commentsMachine): the heading with the count of comments and
 * replies, "Sort by", the creator's switch, an add box whose button is disabled for blank text
 * ("Comments are turned off." instead when they are), and the list, 9 at a time as its bottom
 * marker comes into view, each comment with its thread (comment-row.tsx).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useId, useMemo, useRef, type ReactNode } from 'react';
import { failureToast } from '../../notify';
import styled from 'styled-components';
import { commentTextArea } from './comment-box.styles';
import type { Comment } from '../../../contract/shapes';
import { LIMITS } from '../../../contract/limits';
import {
  commentListMeta,
  commentsMachine,
  selectCanSubmit,
  selectCommentsPager,
  selectIsSavingSettings,
  selectRepliesMoved,
  selectIsSubmitting,
  selectSort,
  selectSwitchedOff,
  selectText,
} from '../../../machines/comments.machine';
import {
  selectHasFailed,
  selectIsLoadingFirst,
  selectItems,
  selectMeta,
  selectTotal,
} from '../../../machines/pager.machine';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useLiveComments } from '../../live';
import { useCurrentUser } from '../../session';
import { LoadMoreFooter } from '../../ui/list-states';
import { useActors, usePageActors } from '../../actors';
import { conversationActors } from '../../api/conversation';
import { useEmitted } from '../../use-emitted';
import { withPager } from '../../pager-logic';
import { CommentRow } from './comment-row';
import { CommentsHeader } from './comments-header';
import { ConversationContext, type ConversationValue } from './conversation-context';

export const COMMENTS_OFF = 'Comments are turned off.';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const AddBox = styled.form`
  display: flex;
  gap: 12px;
  align-items: flex-start;
  > div {
    flex: 1;
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
  textarea {
    ${commentTextArea}
  }
  textarea:focus-visible {
    border-color: ${({ theme }) => theme.colors.accent};
    outline-offset: 0;
  }
  button {
    align-self: flex-end;
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 18px;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0;
`;

export const COMMENT_LOAD_ERROR = 'Failed to load comments.';

export function CommentsSection({
  videoId,
  channelName = null,
  afterOpening,
}: {
  videoId: string;
  /** The video's channel (@userName), for "Pinned by @channel". */
  channelName?: string | null;
  /** Shown under the heading and the add box, above the list (Up next on phones, issue 31). */
  afterOpening?: ReactNode;
}) {
  const { fetchCommentPage, addComment } = useActors();
  const { saveCommentSettings } = usePageActors(conversationActors);
  const me = useCurrentUser();
  const inputId = useId();
  const comments = useActorRef(
    withPager(commentsMachine, fetchCommentPage, { addComment, saveCommentSettings }),
    { input: { videoId } },
  );
  const box = useRef<HTMLTextAreaElement>(null);
  useEmitted(comments, {
    failed: failureToast('Adding a comment'),
    settingsFailed: failureToast('Changing comment settings'),
    // The emptied box disables Comment: focus goes back to the box, where the next one is typed.
    added: () => box.current?.focus(),
  });

  const text = useSelector(comments, selectText);
  const canSubmit = useSelector(comments, selectCanSubmit);
  const submitting = useSelector(comments, selectIsSubmitting);
  const pager = useSelector(comments, selectCommentsPager);
  const items = useSelector(pager, selectItems<Comment>);
  const total = useSelector(pager, selectTotal);
  const loadingFirst = useSelector(pager, selectIsLoadingFirst);
  const failed = useSelector(pager, selectHasFailed);
  const sort = useSelector(comments, selectSort);
  const savingSettings = useSelector(comments, selectIsSavingSettings);
  const rawMeta = useSelector(pager, selectMeta);
  const switched = useSelector(comments, selectSwitchedOff);
  const repliesMoved = useSelector(comments, selectRepliesMoved);
  const meta = commentListMeta(switched, rawMeta, total, repliesMoved);
  const canModerate = meta?.canModerate ?? false;
  const commentsOff = meta?.commentsOff ?? false;

  // Live replies go to the open thread of their comment only (comment-row.tsx listens).
  const threads = useRef(new Map<string, (replyId: string) => void>());
  const listenForReplies = useCallback((commentId: string, onReply: (id: string) => void) => {
    threads.current.set(commentId, onReply);
    return () => {
      if (threads.current.get(commentId) === onReply) threads.current.delete(commentId);
    };
  }, []);
  // Another viewer's comment (live): the list reloads. The reader's own is on top already.
  useLiveComments(videoId, (commentId, parentId) => {
    if (parentId !== null) {
      if (commentId !== null) threads.current.get(parentId)?.(commentId);
      return;
    }
    if (commentId === null || !items.some((c) => c._id === commentId)) {
      comments.send({ type: 'REFRESH' });
    }
  });
  const conversation = useMemo<ConversationValue>(
    () => ({
      videoId,
      canModerate,
      commentsOff,
      channelName,
      replaceComment: (comment) => pager.send({ type: 'REPLACE', item: comment }),
      removeComment: (id) => pager.send({ type: 'REMOVE', id }),
      reloadList: () => comments.send({ type: 'REFRESH' }),
      moveReplies: (by) => comments.send({ type: 'REPLIES_MOVED', by }),
      listenForReplies,
    }),
    [videoId, canModerate, commentsOff, channelName, pager, comments, listenForReplies],
  );

  return (
    <Section id="comments" aria-labelledby={`${inputId}-heading`}>
      <CommentsHeader
        headingId={`${inputId}-heading`}
        count={meta?.commentAndReplyCount ?? total}
        sort={sort}
        onSort={(next) => comments.send({ type: 'SORT_CHANGED', sort: next })}
        canModerate={canModerate}
        commentsOff={commentsOff}
        savingSettings={savingSettings}
        onCommentsOff={(off) => comments.send({ type: 'SET_COMMENTS_OFF', off })}
      />
      {commentsOff ? (
        <Muted>{COMMENTS_OFF}</Muted>
      ) : (
        <AddBox
          onSubmit={(e) => {
            e.preventDefault();
            comments.send({ type: 'SUBMIT' });
          }}
        >
          <Avatar src={me?.avatar} sizes={me?.avatarSizes} alt="" size={36} />
          <div>
            <label htmlFor={inputId} className="visually-hidden">
              Add a comment
            </label>
            <textarea
              ref={box}
              id={inputId}
              rows={2}
              placeholder="Add a comment..."
              value={text}
              maxLength={LIMITS.comment.max}
              onChange={(e) => comments.send({ type: 'TEXT_CHANGED', text: e.target.value })}
            />
            <Button
              type="submit"
              disabled={!canSubmit && !submitting}
              loading={submitting}
              waiting={submitting}
            >
              Comment
            </Button>
          </div>
        </AddBox>
      )}
      {afterOpening}
      {loadingFirst && <Spinner size={24} label="Loading comments" />}
      {failed && items.length === 0 && <Muted role="alert">{COMMENT_LOAD_ERROR}</Muted>}
      {!loadingFirst && !failed && items.length === 0 && <Muted>No comments yet.</Muted>}
      <ConversationContext.Provider value={conversation}>
        <List>
          {items.map((c) => (
            <CommentRow key={c._id} comment={c} />
          ))}
        </List>
      </ConversationContext.Provider>
      {items.length > 0 && (
        <LoadMoreFooter
          pager={pager}
          onVisible={() => comments.send({ type: 'LOAD_MORE' })}
          label="Loading more comments"
        />
      )}
    </Section>
  );
}
