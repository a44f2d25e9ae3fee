/**
 * A comment's replies (commentThreadMachine): "N replies" unfolds them, indented under the
 * comment, 10 at a time, oldest first; "Show more replies" while more exist; "Hide replies"
 * folds them. Each reply is drawn by `renderReply` (the row, which also draws comments).
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Comment } from '../../../contract/shapes';
import {
  repliesLabel,
  selectCanShowMore,
  selectHasFailed,
  selectIsLoadingReplies,
  selectIsOpen,
  selectReplies,
  selectReplyCount,
  THREAD_LOAD_FAILED,
  type commentThreadMachine,
} from '../../../machines/comment-thread.machine';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { Replies, ThreadToggle } from './comment-row.styles';

export const HIDE_REPLIES = 'Hide replies';
export const SHOW_MORE_REPLIES = 'Show more replies';

export function CommentThread({
  thread,
  renderReply,
}: {
  thread: ActorRefFrom<typeof commentThreadMachine>;
  renderReply: (reply: Comment) => ReactNode;
}) {
  const count = useSelector(thread, selectReplyCount);
  const open = useSelector(thread, selectIsOpen);
  const replies = useSelector(thread, selectReplies);
  const loading = useSelector(thread, selectIsLoadingReplies);
  const failed = useSelector(thread, selectHasFailed);
  const canShowMore = useSelector(thread, selectCanShowMore);
  if (count === 0 && replies.length === 0 && !open) return null;
  return (
    <Replies>
      <ThreadToggle
        type="button"
        aria-expanded={open}
        onClick={() => thread.send({ type: open ? 'HIDE' : 'SHOW' })}
      >
        {open ? HIDE_REPLIES : repliesLabel(count)}
      </ThreadToggle>
      {open && replies.length > 0 && <ul>{replies.map((reply) => renderReply(reply))}</ul>}
      {open && loading && <Spinner size={20} label="Loading replies" />}
      {open && failed && (
        <div role="alert">
          {THREAD_LOAD_FAILED}.{' '}
          <Button variant="secondary" onClick={() => thread.send({ type: 'RETRY' })}>
            Retry
          </Button>
        </div>
      )}
      {canShowMore && (
        <ThreadToggle type="button" onClick={() => thread.send({ type: 'LOAD_MORE' })}>
          {SHOW_MORE_REPLIES}
        </ThreadToggle>
      )}
    </Replies>
  );
}
