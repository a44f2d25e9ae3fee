import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { FIRST_PAGE, PAGE_SIZE } from '../../contract/limits.js';
import {
  historyMachine,
  selectCanClear,
  selectHasNext,
  selectHasPrevious,
  selectIsEmpty,
  selectIsLoading,
  selectMenuFor,
  selectShowPager,
  type HistoryContext,
  type HistorySnapshot,
} from '../../machines/history.machine.js';
import type { Model } from '../support/model.js';
import { historyPage } from './history-fixtures.js';

const limit = PAGE_SIZE.history;
/** 24 entries: three pages, as the demo user has. */
const TOTAL = 24;
const fullPage = historyPage(1, TOTAL, limit);
/** What a page past the end answers once the history shrank to two pages. */
const pastTheEnd = { history: [], currentPage: 3, totalPages: 2, totalHistory: 20 };
const nothing = historyPage(1, 0, limit);

export const model: Model<typeof historyMachine> = {
  name: 'history page',
  machine: historyMachine,
  meaning: {
    loading:
      'one page of 10 is asked for; with nothing on screen the spinner shows, after a removal the list stays',
    failed: 'the page says it could not load the history and offers Retry',
    ready:
      "the entries of the page show; Previous/Next and 'Page X of Y' only with 2+ pages, 'Clear all history' only when not empty",
    removing: "the entry's menu is closed and its removal asked for",
    confirmingClear: "the question 'Clear watch history?' is open; nothing is cleared yet",
    clearing: 'clearing was confirmed and is asked for',
  },
  input: { pageSize: limit },
  promiseActors: ['fetchHistory', 'removeFromHistory', 'clearHistory'],
  events: (snapshot) => {
    const c = snapshot.context as HistoryContext;
    const first = c.entries[0]?.video._id;
    return {
      'xstate.done.actor.fetchHistory': [
        { type: 'xstate.done.actor.fetchHistory', output: fullPage },
        { type: 'xstate.done.actor.fetchHistory', output: nothing },
        ...(c.page > 2
          ? [{ type: 'xstate.done.actor.fetchHistory', output: pastTheEnd } as const]
          : []),
      ],
      'xstate.error.actor.fetchHistory': [
        { type: 'xstate.error.actor.fetchHistory', error: new Error('Network down') },
      ],
      'xstate.done.actor.removeFromHistory': [
        { type: 'xstate.done.actor.removeFromHistory', output: {} },
      ],
      'xstate.error.actor.removeFromHistory': [
        { type: 'xstate.error.actor.removeFromHistory', error: new Error('Not in history') },
      ],
      'xstate.done.actor.clearHistory': [
        { type: 'xstate.done.actor.clearHistory', output: { deletedCount: TOTAL } },
      ],
      'xstate.error.actor.clearHistory': [
        { type: 'xstate.error.actor.clearHistory', error: new Error('Server down') },
      ],
      TOGGLE_MENU: first ? [{ type: 'TOGGLE_MENU', videoId: first }] : [],
      REMOVE: first ? [{ type: 'REMOVE', videoId: first }] : [],
    };
  },
  // The entries are fixtures; what matters is the page, how many pages, whether any entry is
  // shown and whether a menu is open.
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as HistoryContext;
    return JSON.stringify([s.value, c.page, c.totalPages, c.entries.length, c.menuFor]);
  },
  assert: (snapshot, fakes, step) => {
    const s = snapshot as HistorySnapshot;
    const c = s.context;
    expect(c.page).toBeGreaterThanOrEqual(FIRST_PAGE);
    expect(c.entries.length).toBeLessThanOrEqual(limit);
    // Previous, Next and 'Page X of Y' only with more than one page; Clear only with entries.
    expect(selectShowPager(s)).toBe(c.totalPages > 1 && c.entries.length > 0);
    expect(selectCanClear(s)).toBe(c.totalHistory > 0);
    if (s.matches('ready')) expect(selectCanClear(s)).toBe(c.entries.length > 0);
    expect(selectHasPrevious(s)).toBe(s.matches('ready') && c.page > 1);
    expect(selectHasNext(s)).toBe(s.matches('ready') && c.page < c.totalPages);

    if (s.matches('loading')) {
      // One request for the page shown, 10 per page.
      expect(fakes.lastInput('fetchHistory')).toEqual({ page: c.page, limit });
      expect(selectIsLoading(s)).toBe(c.entries.length === 0);
      expect(c.menuFor).toBeNull();
    }
    if (s.matches('ready')) {
      expect(selectIsEmpty(s)).toBe(c.entries.length === 0);
      expect(c.page).toBeLessThanOrEqual(c.totalPages);
      expect(c.removing).toBeNull();
    }
    if (s.matches('removing')) {
      // The menu closes as the removal starts, for the entry that was chosen.
      expect(selectMenuFor(s)).toBeNull();
      expect(fakes.lastInput('removeFromHistory')).toEqual({ videoId: c.removing });
      expect(c.entries.some((e) => e.video._id === c.removing)).toBe(true);
    }
    if (s.matches('confirmingClear')) {
      // Nothing is cleared before the user confirms.
      expect(c.entries.length).toBeGreaterThan(0);
    }
    if (s.matches('failed')) expect(c.error).toBe('Network down');

    const previous = step.previous as HistorySnapshot | undefined;
    const emitted = step.emitted.map((e) => e.type);
    if (step.event.type === 'xstate.done.actor.removeFromHistory') {
      // The entry leaves at once and the page is fetched again to refill it.
      const removed = previous!.context.removing!;
      expect(c.entries.some((e) => e.video._id === removed)).toBe(false);
      expect(c.entries).toHaveLength(previous!.context.entries.length - 1);
      expect(emitted).toEqual(['removed']);
      expect(s.matches('loading')).toBe(true);
    }
    if (step.event.type === 'xstate.error.actor.removeFromHistory') {
      // Nothing leaves on a failure; the page is fetched again with the list kept on screen.
      expect(c.entries).toEqual(previous!.context.entries);
      expect(emitted).toEqual(['removeFailed']);
      expect(s.matches('loading')).toBe(true);
      expect(selectIsLoading(s)).toBe(false);
    }
    if (step.event.type === 'xstate.done.actor.clearHistory') {
      expect(selectIsEmpty(s)).toBe(true);
      expect([c.page, c.totalPages, c.totalHistory]).toEqual([1, 1, 0]);
      expect(emitted).toEqual(['cleared']);
    }
    if (step.event.type === 'xstate.error.actor.clearHistory') {
      expect(c.entries).toEqual(previous!.context.entries);
      expect(emitted).toEqual(['clearFailed']);
    }
    if (s.matches('clearing')) {
      // Clearing starts only from the confirmation, once.
      expect(previous!.matches('confirmingClear')).toBe(true);
      expect(s.children.clearHistory).toBeDefined();
    }
    if (step.event.type === 'xstate.done.actor.fetchHistory' && step.event.output === pastTheEnd) {
      // A page past the end loads the new last page instead.
      expect(s.matches('loading')).toBe(true);
      expect(c.page).toBe(2);
    }
  },
};
