/**
 * The creator's desk lists (review queue, blocked users) wired to a view: the list's machine
 * (machines/paged-item-actions.ts) with its pager loading through `fetchPage` and its actions
 * through `perform`, what the rows need to know about it, and the "gone" toast.
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { PromiseActorLogic } from 'xstate';
import {
  selectFailure,
  selectIsActing,
  selectPager,
  selectPending,
  type ItemActionRequest,
  type PagedItemActionsMachine,
} from '../../../machines/paged-item-actions';
import {
  selectHasFailed,
  selectIsEmpty,
  selectIsLoadingFirst,
  selectItems,
  type PagerItem,
} from '../../../machines/pager.machine';
import { notify } from '../../notify';
import { withPager, type FetchPage } from '../../pager-logic';
import { useEmitted } from '../../use-emitted';

export function useItemActions<A extends string, T extends PagerItem>(
  machine: PagedItemActionsMachine<A>,
  fetchPage: FetchPage,
  perform: PromiseActorLogic<unknown, ItemActionRequest<A>>,
) {
  const actor = useActorRef(withPager(machine, fetchPage, { perform }));
  const pager = useSelector(actor, selectPager);
  const pending = useSelector(actor, selectPending);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsActing);
  useEmitted(actor, { gone: ({ message }) => notify.info(message) });
  return {
    pager,
    items: useSelector(pager, selectItems<T>),
    loadingFirst: useSelector(pager, selectIsLoadingFirst),
    failed: useSelector(pager, selectHasFailed),
    empty: useSelector(pager, selectIsEmpty),
    busy,
    act: (action: A, id: string) => actor.send({ type: 'ACT', action, id }),
    /** A row's part: the action running for it and its failure, if any. */
    rowOf: (id: string) => ({
      pending: pending?.id === id ? pending.action : null,
      failure: failure?.id === id ? failure.message : null,
    }),
  };
}
