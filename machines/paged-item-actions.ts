/**
 * A paged list whose rows each offer actions that remove the row once they succeed (issue 33, the
 * creator's desk): the review queue (Approve, Delete) and the blocked users (Unblock). One chart,
 * built per list by `pagedItemActionsMachine`: the rows come from a `pager` child (the shared
 * pager machine, infinite scroll), the actions run through one `perform` actor.
 *
 * States: idle —ACT {action, id}→ acting —done→ idle (the row leaves the list: pager REMOVE)
 *                                        —error→ idle (the failure is kept for that row; a 404
 *                                          means the row is gone already: it leaves the list too)
 * Events:  ACT { action, id } (a row's button; ignored while an action runs)
 * Child:   `pager` (pagerMachine, id 'pager', pageSize from the config); the view sends LOAD_MORE
 *          and RETRY to it directly (selectPager) and reads it with the pager's selectors.
 * Actor:   perform — input { action, id }, output whatever the server answered (unused).
 * Emitted: gone { message } (a 404: the row was removed elsewhere; the view toasts it).
 *
 * Choices where the spec is silent: one action at a time for the whole list (every row's buttons
 * wait while one runs: each takes one short request, and a second click elsewhere during it is
 * more likely a slip than intent); no question before acting (approving and unblocking are undone
 * in one click; deleting a held comment is what the queue is for, as on large video sites); a
 * failed action leaves its row with the reason under it until the next action.
 */
import { assign, emit, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { pagerMachine } from './pager.machine.js';
import { errorMessage, errorStatus } from './validation.js';

export interface ItemActionRequest<A extends string> {
  action: A;
  /** The row's id (the pager item's `_id`). */
  id: string;
}

export interface ItemActionFailure<A extends string> extends ItemActionRequest<A> {
  message: string;
}

export interface PagedItemActionsContext<A extends string> {
  /** The action running; null when none. */
  pending: ItemActionRequest<A> | null;
  /** The last action that failed, shown on its row; cleared by the next action. */
  failure: ItemActionFailure<A> | null;
}

export type PagedItemActionsEvent<A extends string> =
  /** A row's action button. */
  { type: 'ACT'; action: A; id: string };

export type PagedItemActionsEmitted =
  /** The row had already gone (removed by someone else): it left the list. */
  { type: 'gone'; message: string };

export interface PagedItemActionsConfig<A extends string> {
  id: string;
  pageSize: number;
  /** The row's failure text per action when the server gives none. */
  failed: Readonly<Record<A, string>>;
  /** The toast when the row had already gone. */
  gone: string;
}

export function pagedItemActionsMachine<A extends string>(config: PagedItemActionsConfig<A>) {
  return setup({
    types: {
      context: {} as PagedItemActionsContext<A>,
      events: {} as PagedItemActionsEvent<A>,
      emitted: {} as PagedItemActionsEmitted,
      children: {} as { pager: 'pager'; perform: 'perform' },
    },
    actors: {
      pager: pagerMachine,
      perform: fromPromise<unknown, ItemActionRequest<A>>(() => {
        throw new Error('perform actor not provided');
      }),
    },
    guards: {
      gone: (_, error: unknown) => errorStatus(error) === 404,
    },
    actions: {
      start: assign((_, request: ItemActionRequest<A>) => ({ pending: request, failure: null })),
      removeRow: sendTo('pager', ({ context }) => ({
        type: 'REMOVE' as const,
        id: context.pending?.id ?? '',
      })),
      rememberFailure: assign({
        failure: ({ context }, error: unknown) =>
          context.pending && {
            ...context.pending,
            message: errorMessage(error, config.failed[context.pending.action]),
          },
      }),
      announceGone: emit({ type: 'gone' as const, message: config.gone }),
      finish: assign({ pending: null }),
    },
  }).createMachine({
    id: config.id,
    context: { pending: null, failure: null },
    invoke: { id: 'pager', src: 'pager', input: { pageSize: config.pageSize } },
    initial: 'idle',
    states: {
      idle: {
        on: {
          ACT: {
            target: 'acting',
            actions: {
              type: 'start',
              params: ({ event }) => ({ action: event.action, id: event.id }),
            },
          },
        },
      },
      acting: {
        tags: 'busy',
        invoke: {
          id: 'perform',
          src: 'perform',
          input: ({ context }) => context.pending ?? { action: '' as A, id: '' },
          onDone: { target: 'idle', actions: ['removeRow', 'finish'] },
          onError: [
            {
              guard: {
                type: 'gone',
                params: ({ event }: { event: { error: unknown } }) => event.error,
              },
              target: 'idle',
              actions: ['removeRow', 'announceGone', 'finish'],
            },
            {
              target: 'idle',
              actions: [
                {
                  type: 'rememberFailure',
                  params: ({ event }: { event: { error: unknown } }) => event.error,
                },
                'finish',
              ],
            },
          ],
        },
      },
    },
  });
}

export type PagedItemActionsMachine<A extends string> = ReturnType<
  typeof pagedItemActionsMachine<A>
>;

/** The snapshot's parts the selectors read (any list's machine has them). */
interface ItemActionsSnapshot<A extends string> {
  context: PagedItemActionsContext<A>;
  children: Record<string, unknown>;
  hasTag(tag: string): boolean;
}

/** The list's pager; read it with the pager's selectors. */
export const selectPager = <A extends string>(s: ItemActionsSnapshot<A>) =>
  s.children.pager as ActorRefFrom<typeof pagerMachine>;
/** The running action (its row shows it), null when none. */
export const selectPending = <A extends string>(s: ItemActionsSnapshot<A>) => s.context.pending;
/** The last failure, for its row. */
export const selectFailure = <A extends string>(s: ItemActionsSnapshot<A>) => s.context.failure;
/** An action runs: every row's buttons wait. */
export const selectIsActing = <A extends string>(s: ItemActionsSnapshot<A>) => s.hasTag('busy');
