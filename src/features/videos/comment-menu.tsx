/**
 * A comment's "⋮" menu (issue 29, 33): on one's own, Edit and Delete; for the video's creator,
 * Pin / Unpin (comments, not replies), Heart / Remove heart, Delete and Block user from channel.
 * Deleting and blocking ask first (commentModerationMachine).
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Comment } from '../../../contract/shapes';
import {
  selectHearted,
  selectIsAskingBlock,
  selectIsAskingDelete,
  selectIsBlocking,
  selectIsBusy,
  selectIsDeleting,
  selectPinned,
  type commentModerationMachine,
} from '../../../machines/comment-moderation.machine';
import { ActionsMenu, type MenuAction } from '../../components/actions-menu';
import { ConfirmQuestion } from '../../components/confirm-question';

export const OWN_MENU_LABEL = 'Actions for your comment';
export const MODERATION_MENU_LABEL = 'Comment actions';
export const DELETE_COMMENT_TITLE = 'Delete comment?';
export const DELETE_COMMENT_QUESTION = 'Delete your comment permanently?';
export const DELETE_OTHERS_QUESTION = 'Delete this comment permanently?';
export const BLOCK_TITLE = 'Block user from channel?';
export const blockQuestion = (userName: string) =>
  `@${userName} will no longer be able to comment on your videos, and their comments will be hidden from others.`;

export function CommentMenu({
  comment,
  mine,
  canModerate,
  isReply,
  moderation,
  onEdit,
}: {
  comment: Comment;
  mine: boolean;
  canModerate: boolean;
  isReply: boolean;
  moderation: ActorRefFrom<typeof commentModerationMachine>;
  onEdit: () => void;
}) {
  const [open, setOpen] = useState(false);
  const pinned = useSelector(moderation, selectPinned);
  const hearted = useSelector(moderation, selectHearted);
  const busy = useSelector(moderation, selectIsBusy);
  const askingDelete = useSelector(moderation, selectIsAskingDelete);
  const deleting = useSelector(moderation, selectIsDeleting);
  const askingBlock = useSelector(moderation, selectIsAskingBlock);
  const blocking = useSelector(moderation, selectIsBlocking);

  const act =
    (type: 'TOGGLE_PIN' | 'TOGGLE_HEART'): MenuAction['onSelect'] =>
    ({ returnFocus }) => {
      returnFocus();
      setOpen(false);
      moderation.send({ type });
    };
  const ask =
    (type: 'ASK_DELETE' | 'ASK_BLOCK'): MenuAction['onSelect'] =>
    ({ returnFocus }) => {
      returnFocus();
      setOpen(false);
      moderation.send({ type });
    };
  const items: MenuAction[] = [];
  if (mine) {
    items.push({
      label: 'Edit',
      onSelect: () => {
        setOpen(false);
        onEdit();
      },
    });
  }
  if (canModerate && !isReply && comment.status === 'published') {
    items.push({ label: pinned ? 'Unpin' : 'Pin', onSelect: act('TOGGLE_PIN') });
  }
  if (canModerate && comment.status === 'published') {
    items.push({ label: hearted ? 'Remove heart' : 'Heart', onSelect: act('TOGGLE_HEART') });
  }
  items.push({ label: 'Delete', onSelect: ask('ASK_DELETE') });
  if (canModerate && !mine) {
    items.push({ label: 'Block user from channel', onSelect: ask('ASK_BLOCK') });
  }

  return (
    <ActionsMenu
      label={mine ? OWN_MENU_LABEL : MODERATION_MENU_LABEL}
      open={open}
      onToggle={() => setOpen((o) => !o)}
      onClose={() => setOpen(false)}
      disabled={busy}
      inUse={askingDelete || askingBlock}
      items={items}
    >
      {askingDelete && (
        <ConfirmQuestion
          title={DELETE_COMMENT_TITLE}
          message={mine ? DELETE_COMMENT_QUESTION : DELETE_OTHERS_QUESTION}
          confirmLabel="Delete"
          busy={deleting}
          onConfirm={() => moderation.send({ type: 'CONFIRM' })}
          onCancel={() => moderation.send({ type: 'CANCEL' })}
        />
      )}
      {askingBlock && (
        <ConfirmQuestion
          title={BLOCK_TITLE}
          message={blockQuestion(comment.owner.userName)}
          confirmLabel="Block"
          busy={blocking}
          onConfirm={() => moderation.send({ type: 'CONFIRM' })}
          onCancel={() => moderation.send({ type: 'CANCEL' })}
        />
      )}
    </ActionsMenu>
  );
}
