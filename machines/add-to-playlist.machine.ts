/**
 * The batch save of the playlist dialogs (spec §2 Dialogs, §4 "Add to playlist", §5, §8, §9), one
 * machine for three dialogs, chosen by `input.mode`:
 * - `addToPlaylists`: Save on a video; the items are the caller's playlists (Watch later first),
 *   the target the video; 'Show more' when there are more than PLAYLISTS_BEFORE_SHOW_MORE. The
 *   playlists that already hold the video (`held`) start ticked; Save adds the video to each newly
 *   ticked one and removes it from each unticked held one (issue 29). "New playlist" swaps the
 *   list for Create Playlist (`creating`) and back: the ticks survive, the new list comes ticked.
 * - `addVideos`: from a playlist row; the items are the caller's videos, the target the playlist;
 *   PAGE_SIZE.addToPlaylistVideos per page; videos already in it are marked and not selectable.
 * - `removeVideos`: from a playlist row; the items are the playlist's videos, paged the same way.
 * On SAVE each changed item's entry is saved one at a time, BATCH_SAVE_SPACING_MS apart; each
 * line moves pending → loading → completed | error on its own; then the dialog closes.
 *
 * Input:   { mode, targetId }
 * Events:  TOGGLE { itemId } · SHOW_MORE · PAGE { page } · SAVE · CLOSE · RETRY · NEW_PLAYLIST ·
 *          CREATED { item } · CREATE_CANCELLED
 * Actors:  fetchItems — input { mode, targetId }, output BatchItem[] (`locked` = already in it,
 *          `held` = the playlist holds the video)
 *          saveEntry  — input { op: 'add' | 'remove', videoId, playlistId }, output void
 *          (PATCH playlist/add|remove/{videoId}/{playlistId})
 * Emitted: invalid { message } · saved { message, itemIds } · failed { message, savedIds,
 *          failedIds } · closed
 *
 * Choices where the spec is silent:
 * - A failure does not stop the batch: the others are still tried, and those saved stay saved.
 * - Save with ticks but nothing changed closes quietly (nothing to save); with no tick and nothing
 *   changed it says the spec's 'Please select at least one playlist'. The success toast is the
 *   spec's 'Videos added…' when anything was added, 'Videos removed…' when only removals ran.
 * - The failure toast carries the first failure's server message, else the spec's text.
 * - After the last line the dialog waits the same spacing before it closes, so the last line's
 *   state is seen; CLOSE (Escape, ×) is ignored while saving, as the buttons are disabled.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { BATCH_SAVE_SPACING_MS } from './constants.js';
import {
  batchTexts,
  pageCount,
  type BatchItem,
  type BatchLine,
  type BatchMode,
  type LineStatus,
  type SaveEntryInput,
} from './batch-items.js';
import { errorMessage } from './validation.js';

export type { BatchItem, BatchLine, BatchMode, LineStatus, SaveEntryInput } from './batch-items.js';

export interface BatchInput {
  mode: BatchMode;
  /** The video (addToPlaylists) or the playlist (addVideos, removeVideos). */
  targetId: string;
}

export interface BatchContext extends BatchInput {
  items: BatchItem[];
  /** Selected ids, in the order they were ticked. */
  selected: string[];
  /** 'Show more' was pressed (addToPlaylists). */
  showAll: boolean;
  /** 1-based page of the video list (addVideos, removeVideos). */
  page: number;
  /** The save queue: one line per selected item, in list order; empty before SAVE. */
  lines: BatchLine[];
  error: string | null;
}

export type BatchEvent =
  /** Tick or untick one line. */
  | { type: 'TOGGLE'; itemId: string }
  /** The 'Show more' toggle under the playlists. */
  | { type: 'SHOW_MORE' }
  /** A page button of the video list. */
  | { type: 'PAGE'; page: number }
  /** The Save (or Remove) button. */
  | { type: 'SAVE' }
  /** Cancel, ×, Escape. */
  | { type: 'CLOSE' }
  /** Retry after the list failed to load. */
  | { type: 'RETRY' }
  /** "New playlist": Create Playlist takes the dialog's place. */
  | { type: 'NEW_PLAYLIST' }
  /** Create Playlist made this playlist: back to the list, where it comes ticked. */
  | { type: 'CREATED'; item: BatchItem }
  /** Create Playlist closed without making one: back to the list as it was. */
  | { type: 'CREATE_CANCELLED' };

export type BatchEmitted =
  | { type: 'invalid'; message: string }
  | { type: 'saved'; message: string; itemIds: string[] }
  | { type: 'failed'; message: string; savedIds: string[]; failedIds: string[] }
  | { type: 'closed' };

/** The line being saved, or the next to save: settled lines always come first in the queue. */
const current = (c: BatchContext) =>
  c.lines.find((l) => l.status === 'pending' || l.status === 'loading');

function setLine(c: BatchContext, status: LineStatus, error: string | null = null): BatchLine[] {
  const line = current(c);
  return c.lines.map((l) => (l === line ? { ...l, status, error } : l));
}

/** Which side is the item depends on the dialog; the save itself is the same PATCH. */
function entryOf(c: BatchContext, line: BatchLine | undefined): SaveEntryInput {
  const itemId = line?.itemId ?? '';
  const op = line?.op ?? 'add';
  return c.mode === 'addToPlaylists'
    ? { op, videoId: c.targetId, playlistId: itemId }
    : { op, videoId: itemId, playlistId: c.targetId };
}

/** Whose words a line's outcome takes: a removal speaks as the remove dialog does. */
const wordsOf = (mode: BatchMode, line: BatchLine | undefined): BatchMode =>
  line?.op === 'remove' ? 'removeVideos' : mode;

/**
 * The save queue, in list order: each item whose tick differs from what it holds. Outside
 * addToPlaylists nothing is held, so that is every ticked item, with the dialog's own op.
 */
function changesOf(c: BatchContext): BatchLine[] {
  return c.items
    .filter((i) => c.selected.includes(i._id) !== (i.held ?? false))
    .map((i) => ({
      itemId: i._id,
      op: i.held || c.mode === 'removeVideos' ? ('remove' as const) : ('add' as const),
      status: 'pending' as const,
      error: null,
    }));
}

/** A playlist just made goes after the built-in list (the rest is newest first), ticked. */
function withCreated(items: BatchItem[], item: BatchItem): BatchItem[] {
  const at = items.filter((i) => i.builtIn).length;
  return [...items.slice(0, at), item, ...items.slice(at).filter((i) => i._id !== item._id)];
}

export const addToPlaylistMachine = setup({
  types: {
    input: {} as BatchInput,
    context: {} as BatchContext,
    events: {} as BatchEvent,
    emitted: {} as BatchEmitted,
  },
  actors: {
    fetchItems: fromPromise<BatchItem[], BatchInput>(() => {
      throw new Error('fetchItems actor not provided');
    }),
    saveEntry: fromPromise<void, SaveEntryInput>(() => {
      throw new Error('saveEntry actor not provided');
    }),
  },
  delays: { saveSpacing: BATCH_SAVE_SPACING_MS },
  guards: {
    hasChanges: ({ context }) => changesOf(context).length > 0,
    hasSelection: ({ context }) => context.selected.length > 0,
    hasPending: ({ context }) => context.lines.some((l) => l.status === 'pending'),
  },
  actions: {
    // What holds the video starts ticked (a retried load starts again from the server's answer).
    setItems: assign((_, items: BatchItem[]) => ({
      items,
      error: null,
      selected: items.filter((i) => i.held && !i.locked).map((i) => i._id),
    })),
    addCreated: assign(({ context }, item: BatchItem) => ({
      items: withCreated(context.items, item),
      selected: [...context.selected.filter((id) => id !== item._id), item._id],
    })),
    setError: assign({ error: (_, message: string) => message }),
    toggle: assign({
      selected: ({ context }, itemId: string) => {
        const item = context.items.find((i) => i._id === itemId);
        if (!item || item.locked) return context.selected;
        return context.selected.includes(itemId)
          ? context.selected.filter((id) => id !== itemId)
          : [...context.selected, itemId];
      },
    }),
    toggleShowAll: assign({ showAll: ({ context }) => !context.showAll }),
    goToPage: assign({
      page: ({ context }, page: number) => Math.min(Math.max(1, page), pageCount(context)),
    }),
    queueChanges: assign({ lines: ({ context }) => changesOf(context) }),
    markLoading: assign({ lines: ({ context }) => setLine(context, 'loading') }),
    markCompleted: assign({ lines: ({ context }) => setLine(context, 'completed') }),
    markFailed: assign({
      lines: ({ context }, message: string) => setLine(context, 'error', message),
    }),
    announceInvalid: emit(({ context }) => ({
      type: 'invalid' as const,
      message: batchTexts[context.mode].nothingSelected,
    })),
    announceResult: emit(({ context }) => resultOf(context)),
    announceClosed: emit({ type: 'closed' as const }),
  },
}).createMachine({
  id: 'batch',
  context: ({ input }) => ({
    ...input,
    items: [],
    selected: [],
    showAll: false,
    page: 1,
    lines: [],
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchItems',
        src: 'fetchItems',
        input: ({ context }): BatchInput => ({ mode: context.mode, targetId: context.targetId }),
        onDone: {
          target: 'selecting',
          actions: { type: 'setItems', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'setError',
            params: ({ event }) => errorMessage(event.error, batchTexts.loadFailed),
          },
        },
      },
    },
    failed: {
      on: { RETRY: 'loading', CLOSE: 'closed' },
    },
    selecting: {
      on: {
        TOGGLE: { actions: { type: 'toggle', params: ({ event }) => event.itemId } },
        SHOW_MORE: { actions: 'toggleShowAll' },
        PAGE: { actions: { type: 'goToPage', params: ({ event }) => event.page } },
        SAVE: [
          { guard: 'hasChanges', target: 'saving', actions: 'queueChanges' },
          // Ticks, none changed (what holds the video still does): nothing to save.
          { guard: 'hasSelection', target: 'closed' },
          { actions: 'announceInvalid' },
        ],
        NEW_PLAYLIST: 'creating',
        CLOSE: 'closed',
      },
    },
    // Create Playlist shows in the dialog's place; the list and its ticks wait here.
    creating: {
      on: {
        CREATED: {
          target: 'selecting',
          actions: { type: 'addCreated', params: ({ event }) => event.item },
        },
        CREATE_CANCELLED: 'selecting',
      },
    },
    saving: {
      tags: 'busy',
      initial: 'saveOne',
      states: {
        saveOne: {
          entry: 'markLoading',
          invoke: {
            id: 'saveEntry',
            src: 'saveEntry',
            input: ({ context }) => entryOf(context, current(context)),
            onDone: { target: 'next', actions: 'markCompleted' },
            onError: {
              target: 'next',
              actions: {
                type: 'markFailed',
                params: ({ context, event }) =>
                  errorMessage(
                    event.error,
                    batchTexts[wordsOf(context.mode, current(context))].failed,
                  ),
              },
            },
          },
        },
        // The spacing runs after every save, also the last, so no save starts within 500 ms of
        // the one before, and the last line's state is seen before the dialog closes.
        next: {
          after: {
            saveSpacing: [
              { guard: 'hasPending', target: 'saveOne' },
              { target: '#batch.closed', actions: 'announceResult' },
            ],
          },
        },
      },
    },
    closed: {
      type: 'final',
      entry: 'announceClosed',
    },
  },
});

function resultOf(c: BatchContext): BatchEmitted {
  // Only removals (a held playlist unticked) speak as the remove dialog does.
  const texts = batchTexts[c.lines.every((l) => l.op === 'remove') ? 'removeVideos' : c.mode];
  const savedIds = c.lines.filter((l) => l.status === 'completed').map((l) => l.itemId);
  const failed = c.lines.filter((l) => l.status === 'error');
  if (failed.length === 0) return { type: 'saved', message: texts.succeeded, itemIds: savedIds };
  return {
    type: 'failed',
    message: failed[0]?.error ?? texts.failed,
    savedIds,
    failedIds: failed.map((l) => l.itemId),
  };
}
