/**
 * The review queue (issue 33): comments on the creator's videos held because they contain a held
 * word, oldest first (the queue is worked from its front), 20 per page as the list scrolls, each
 * with Approve and Delete. A row leaves the list once its action succeeded.
 */
import {
  HELD_QUEUE_MESSAGES as M,
  heldQueueMachine,
  type HeldAction,
  type HeldItem,
} from '../../../machines/held-queue.machine';
import { usePageActors } from '../../actors';
import { moderationActors } from '../../api/moderation';
import { ListEmpty, ListError, LoadMoreFooter } from '../../ui/list-states';
import { PlainList } from '../../ui/plain-list';
import { Spinner } from '../../ui/spinner';
import { HeldCommentRow } from './held-comment-row';
import { useItemActions } from './use-item-actions';

export function HeldQueue() {
  const { fetchHeldPage, performHeldAction } = usePageActors(moderationActors);
  const queue = useItemActions<HeldAction, HeldItem>(
    heldQueueMachine,
    fetchHeldPage,
    performHeldAction,
  );
  return (
    <section aria-labelledby="held-queue-heading">
      <h2 id="held-queue-heading">Held for review</h2>
      {queue.loadingFirst && <Spinner size={28} label="Loading comments" />}
      {queue.items.length > 0 && (
        <PlainList aria-label="Comments waiting for review">
          {queue.items.map((held) => {
            const row = queue.rowOf(held._id);
            return (
              <HeldCommentRow
                key={held._id}
                held={held}
                pending={row.pending}
                failure={row.failure}
                busy={queue.busy}
                onAct={(action) => queue.act(action, held._id)}
              />
            );
          })}
        </PlainList>
      )}
      {queue.failed && (
        <ListError text={M.loadFailed} onRetry={() => queue.pager.send({ type: 'RETRY' })} />
      )}
      {queue.empty && <ListEmpty>{M.empty}</ListEmpty>}
      <LoadMoreFooter
        pager={queue.pager}
        onVisible={() => queue.pager.send({ type: 'LOAD_MORE' })}
        label="Loading more comments"
      />
    </section>
  );
}
