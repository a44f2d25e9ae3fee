/**
 * The one way a view gets a pager-backed machine: the feed, the search and the comments run a
 * `pager` child (machines/pager.machine.ts) that loads pages with a `fetchPage` actor. Instead of
 * each view nesting `machine.provide({ actors: { pager: pagerMachine.provide(…) } })`, they call
 * `withPager(machine, fetchPage, otherActors)`.
 */
import type { AnyStateMachine, PromiseActorLogic } from 'xstate';
import { pagerMachine, type Page, type PageRequest } from '../machines/pager.machine';

/** What loads one page: the real API call in the app, a fake in tests. */
export type FetchPage = PromiseActorLogic<Page, PageRequest>;

/** The pager itself, loading with `fetchPage`. */
export function pagerWith(fetchPage: FetchPage) {
  return pagerMachine.provide({ actors: { fetchPage } });
}

/** `machine` with its `pager` child loading through `fetchPage`, plus any other actors it needs. */
export function withPager<M extends AnyStateMachine>(
  machine: M,
  fetchPage: FetchPage,
  actors: Record<string, unknown> = {},
): M {
  const provide = machine.provide.bind(machine) as (implementations: {
    actors: Record<string, unknown>;
  }) => M;
  return provide({ actors: { ...actors, pager: pagerWith(fetchPage) } });
}
