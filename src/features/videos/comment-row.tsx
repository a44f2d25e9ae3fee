/**
 * One comment under a video: avatar, @userName, when it was posted ("(edited)" once changed), and
 * its text, collapsed to COMMENT_COLLAPSE_LINES lines with Read more / Show less when longer.
 * On one's own comment, a "⋮" menu with Edit (an inline box) and Delete (asked first), run by
 * ownCommentMachine through the API that exists (PATCH / DELETE /comments/c/{id}).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { commentTextArea } from './comment-box.styles';
import type { Comment } from '../../../contract/shapes';
import { LIMITS } from '../../../contract/limits';
import { COMMENT_COLLAPSE_LINES } from '../../../machines/constants';
import {
  isEdited,
  ownCommentMachine,
  selectCanSave,
  selectComment,
  selectDraft,
  selectIsAskingDelete,
  selectIsBusy,
  selectIsDeleting,
  selectIsEditing,
  selectIsSaving,
} from '../../../machines/own-comment.machine';
import { useActors } from '../../actors';
import { ActionsMenu } from '../../components/actions-menu';
import { ConfirmQuestion } from '../../components/confirm-question';
import { RelativeTime } from '../../components/relative-time';
import { failureToast } from '../../notify';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { clampLines } from '../../ui/clamp';
import { useEmitted } from '../../use-emitted';

export const DELETE_COMMENT_TITLE = 'Delete comment?';
export const DELETE_COMMENT_QUESTION = 'Delete your comment permanently?';

const Item = styled.li`
  display: flex;
  gap: 12px;
  min-width: 0;
  > div {
    flex: 1;
    min-width: 0;
  }
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 8px;
`;

const Who = styled.div`
  font-size: ${({ theme }) => theme.font.size.sm};
  min-width: 0;
  overflow-wrap: anywhere;
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    margin-left: 8px;
  }
  strong {
    font-weight: 600;
  }
`;

const Text = styled.p<{ $collapsed: boolean }>`
  margin: 2px 0 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  ${({ $collapsed }) => ($collapsed ? clampLines(COMMENT_COLLAPSE_LINES) : '')}
`;

const More = styled.button`
  margin-top: 4px;
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
  cursor: pointer;
`;

const EditBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin-top: 6px;
  textarea {
    ${commentTextArea}
  }
  > div {
    display: flex;
    justify-content: flex-end;
    gap: 8px;
  }
`;

/** The text, clamped when it runs past COMMENT_COLLAPSE_LINES lines, with its toggle. */
function CommentText({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [long, setLong] = useState(false);
  // Whether it is long depends on the width it is laid out at, so it is measured, not counted.
  useLayoutEffect(() => {
    const p = ref.current;
    if (p && !expanded) setLong(p.scrollHeight > p.clientHeight + 1);
  }, [text, expanded]);
  return (
    <>
      <Text ref={ref} $collapsed={!expanded}>
        {text}
      </Text>
      {(long || expanded) && (
        <More type="button" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'Show less' : 'Read more'}
        </More>
      )}
    </>
  );
}

function Byline({ comment }: { comment: Comment }) {
  return (
    <Who>
      <strong>@{comment.owner.userName}</strong>
      <span>
        <RelativeTime iso={comment.createdAt} />
        {isEdited(comment) && ' (edited)'}
      </span>
    </Who>
  );
}

/** Someone's comment: read only. */
export function CommentRow({ comment }: { comment: Comment }) {
  return (
    <Item data-testid="comment">
      <Avatar src={comment.owner.avatar} sizes={comment.owner.avatarSizes} alt="" size={36} />
      <div>
        <Byline comment={comment} />
        <CommentText text={comment.content} />
      </div>
    </Item>
  );
}

/** The viewer's own comment: its menu edits or deletes it, and the list is told. */
export function OwnCommentRow({
  comment: listed,
  onEdited,
  onDeleted,
}: {
  comment: Comment;
  onEdited: (comment: Comment) => void;
  onDeleted: (commentId: string) => void;
}) {
  const { editComment, deleteComment } = useActors();
  const actor = useActorRef(ownCommentMachine.provide({ actors: { editComment, deleteComment } }), {
    input: { comment: listed },
  });
  useEmitted(actor, {
    edited: ({ comment }) => onEdited(comment),
    deleted: ({ commentId }) => onDeleted(commentId),
    failed: failureToast('Changing a comment'),
  });
  const comment = useSelector(actor, selectComment);
  const editing = useSelector(actor, selectIsEditing);
  const draft = useSelector(actor, selectDraft);
  const canSave = useSelector(actor, selectCanSave);
  const saving = useSelector(actor, selectIsSaving);
  const asking = useSelector(actor, selectIsAskingDelete);
  const deleting = useSelector(actor, selectIsDeleting);
  const busy = useSelector(actor, selectIsBusy);
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <Item data-testid="comment">
      <Avatar src={comment.owner.avatar} sizes={comment.owner.avatarSizes} alt="" size={36} />
      <div>
        <Head>
          <Byline comment={comment} />
          {!editing && (
            <ActionsMenu
              label="Actions for your comment"
              open={menuOpen}
              onToggle={() => setMenuOpen((o) => !o)}
              onClose={() => setMenuOpen(false)}
              disabled={busy}
              inUse={asking}
              items={[
                {
                  label: 'Edit',
                  onSelect: () => {
                    setMenuOpen(false);
                    actor.send({ type: 'START_EDIT' });
                  },
                },
                {
                  label: 'Delete',
                  onSelect: ({ returnFocus }) => {
                    returnFocus();
                    setMenuOpen(false);
                    actor.send({ type: 'ASK_DELETE' });
                  },
                },
              ]}
            >
              {asking && (
                <ConfirmQuestion
                  title={DELETE_COMMENT_TITLE}
                  message={DELETE_COMMENT_QUESTION}
                  confirmLabel="Delete"
                  busy={deleting}
                  onConfirm={() => actor.send({ type: 'CONFIRM' })}
                  onCancel={() => actor.send({ type: 'CANCEL' })}
                />
              )}
            </ActionsMenu>
          )}
        </Head>
        {editing ? (
          <EditBox>
            <label className="visually-hidden" htmlFor={`edit-${comment._id}`}>
              Edit your comment
            </label>
            <textarea
              id={`edit-${comment._id}`}
              autoFocus
              rows={3}
              value={draft}
              maxLength={LIMITS.comment.max}
              onChange={(e) => actor.send({ type: 'TEXT_CHANGED', text: e.target.value })}
              onKeyDown={(e) => {
                if (e.key === 'Escape') actor.send({ type: 'CANCEL' });
              }}
            />
            <div>
              <Button
                variant="secondary"
                disabled={saving}
                onClick={() => actor.send({ type: 'CANCEL' })}
              >
                Cancel
              </Button>
              <Button
                disabled={!canSave}
                loading={saving}
                onClick={() => actor.send({ type: 'SAVE' })}
              >
                Save
              </Button>
            </div>
          </EditBox>
        ) : (
          <CommentText text={comment.content} />
        )}
      </div>
    </Item>
  );
}
