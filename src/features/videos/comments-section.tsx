/**
 * The watch page's comments (commentsMachine): count, an add box whose button is disabled for
 * blank text, and the list, 9 at a time as its bottom marker comes into view.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useRef, type ReactNode } from 'react';
import { failureToast } from '../../notify';
import styled from 'styled-components';
import { commentTextArea } from './comment-box.styles';
import type { Comment } from '../../../contract/shapes';
import { LIMITS } from '../../../contract/limits';
import {
  commentsMachine,
  selectCanSubmit,
  selectCommentsPager,
  selectIsSubmitting,
  selectText,
} from '../../../machines/comments.machine';
import {
  selectHasFailed,
  selectIsLoadingFirst,
  selectItems,
  selectTotal,
} from '../../../machines/pager.machine';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useLiveComments } from '../../live';
import { useCurrentUser } from '../../session';
import { LoadMoreFooter } from '../../ui/list-states';
import { useActors } from '../../actors';
import { useEmitted } from '../../use-emitted';
import { withPager } from '../../pager-logic';
import { CommentRow, OwnCommentRow } from './comment-row';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 16px;
  h2 {
    font-size: ${({ theme }) => theme.font.size.lg};
    margin: 0;
  }
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
  afterOpening,
}: {
  videoId: string;
  /** Shown under the heading and the add box, above the list (Up next on phones, issue 31). */
  afterOpening?: ReactNode;
}) {
  const { fetchCommentPage, addComment } = useActors();
  const me = useCurrentUser();
  const inputId = useId();
  const comments = useActorRef(withPager(commentsMachine, fetchCommentPage, { addComment }), {
    input: { videoId },
  });
  const box = useRef<HTMLTextAreaElement>(null);
  useEmitted(comments, {
    failed: failureToast('Adding a comment'),
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
  // Another viewer's comment (live): the list reloads. The reader's own is on top already.
  useLiveComments(videoId, (commentId) => {
    if (commentId === null || !items.some((c) => c._id === commentId)) {
      comments.send({ type: 'REFRESH' });
    }
  });

  return (
    <Section id="comments" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>
        {total === null ? 'Comments' : `${total} ${total === 1 ? 'Comment' : 'Comments'}`}
      </h2>
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
      {afterOpening}
      {loadingFirst && <Spinner size={24} label="Loading comments" />}
      {failed && items.length === 0 && <Muted role="alert">{COMMENT_LOAD_ERROR}</Muted>}
      {!loadingFirst && !failed && items.length === 0 && <Muted>No comments yet.</Muted>}
      <List>
        {items.map((c) =>
          me !== null && c.owner._id === me._id ? (
            <OwnCommentRow
              key={c._id}
              comment={c}
              onEdited={(comment) => pager.send({ type: 'REPLACE', item: comment })}
              onDeleted={(id) => pager.send({ type: 'REMOVE', id })}
            />
          ) : (
            <CommentRow key={c._id} comment={c} />
          ),
        )}
      </List>
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
