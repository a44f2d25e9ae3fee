import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { addToPlaylistMachine, type BatchItem } from '../../machines/add-to-playlist.machine.js';
import {
  type BatchSnapshot,
  selectHasShowMore,
  selectIsCreating,
  selectIsSaving,
  selectVisibleItems,
} from '../../machines/add-to-playlist.selectors.js';
import { DASHBOARD_MESSAGES } from '../../machines/dashboard-messages.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';

const input = { mode: 'addToPlaylists' as const, targetId: 'video-1' };
/**
 * Five playlists (one more than 'Show more' allows): p1 is the built-in Watch later, p2 already
 * holds the video (ticked at first; unticked, Save removes it), p3 is locked, so ticking it does
 * nothing.
 */
export const playlists: BatchItem[] = [1, 2, 3, 4, 5].map((n) => ({
  _id: `p${n}`,
  label: `Playlist ${n}`,
  locked: n === 3,
  held: n === 2,
  ...(n === 1 ? { builtIn: true } : {}),
}));
/** The same lists, none holding the video: nothing starts ticked. */
const noneHeld: BatchItem[] = playlists.map((p) => ({ ...p, held: false }));
/** What Create Playlist made from the dialog. */
const created: BatchItem = { _id: 'p9', label: 'Made here' };

export const model: Model<typeof addToPlaylistMachine> = {
  name: 'add to playlist (batch save)',
  machine: addToPlaylistMachine,
  meaning: {
    loading: "the caller's playlists are being fetched for this video",
    failed: "the list failed: its error 'Network down' with Retry; nothing saved",
    selecting:
      "checklist of the playlists, 4 shown until 'Show more'; those holding the video ticked at first, locked ones never; a playlist made here comes right after Watch later, ticked, the other ticks kept; Save with nothing changed and none ticked says 'Please select at least one playlist'",
    creating:
      'Create Playlist shows in the dialog’s place; the list keeps its ticks; nothing is saved',
    saving:
      'busy: Save, checkboxes and Escape disabled; one line per changed playlist, in list order: add for a newly ticked one, remove for an unticked one that held the video',
    'saving.saveOne':
      'exactly one line loading and one save request for it; lines before it completed or error, after it pending',
    'saving.next':
      'no save runs: the 500 ms spacing before the next line (or before closing) is waited',
    closed:
      "dialog closed: after saving, 'Videos added to playlist successfully' ('Videos removed from playlist successfully' when only removals ran) or the failure's message, with the saved and failed ids; Save with ticks but nothing changed closes without a word",
  },
  input,
  promiseActors: ['fetchItems', 'saveEntry'],
  events: {
    'xstate.done.actor.fetchItems': [
      { type: 'xstate.done.actor.fetchItems', output: playlists },
      { type: 'xstate.done.actor.fetchItems', output: noneHeld },
    ],
    'xstate.error.actor.fetchItems': [
      { type: 'xstate.error.actor.fetchItems', error: apiError('Network down') },
    ],
    'xstate.done.actor.saveEntry': [{ type: 'xstate.done.actor.saveEntry', output: undefined }],
    'xstate.error.actor.saveEntry': [
      { type: 'xstate.error.actor.saveEntry', error: apiError('Playlist is full') },
    ],
    TOGGLE: ['p1', 'p2', 'p3'].map((itemId) => ({ type: 'TOGGLE', itemId })),
    PAGE: [{ type: 'PAGE', page: 2 }],
    CREATED: [{ type: 'CREATED', item: created }],
  },
  serialize: (snapshot: AnyMachineSnapshot) => {
    const c = (snapshot as BatchSnapshot).context;
    return JSON.stringify([
      snapshot.value,
      c.items.map((i) => `${i._id}${i.held ? '*' : ''}`),
      [...c.selected].sort(),
      c.showAll,
      c.page,
      c.lines.map((l) => l.status),
    ]);
  },
  assert: (snapshot, fakes, { event, previous, emitted }) => {
    const s = snapshot as BatchSnapshot;
    const c = s.context;
    const before = previous as BatchSnapshot | undefined;
    expect(selectIsSaving(s)).toBe(s.matches('saving'));
    expect(selectIsCreating(s)).toBe(s.matches('creating'));
    expect(c.selected).not.toContain('p3');
    const held = c.items.filter((i) => i.held).map((i) => i._id);
    const changed = c.items.filter((i) => c.selected.includes(i._id) !== (i.held ?? false));

    if (s.matches('loading')) expect(fakes.lastInput('fetchItems')).toEqual(input);
    if (s.matches('failed')) expect(c.error).toBe('Network down');
    if (s.matches('creating') || s.matches('selecting'))
      expect(fakes.callsOf('saveEntry')).toHaveLength(0);
    if (s.matches('creating')) expect(c.selected).toEqual(before!.context.selected);

    if (s.matches('selecting')) {
      expect(selectHasShowMore(s)).toBe(true);
      expect(selectVisibleItems(s)).toHaveLength(c.showAll ? c.items.length : 4);
      expect(c.lines).toEqual([]);
      // Watch later stays first whatever was made here.
      expect(c.items[0]!._id).toBe('p1');
      if (event.type.startsWith('xstate.done.actor.fetchItems')) expect(c.selected).toEqual(held);
      if (event.type === 'CREATED') {
        // Right after Watch later, ticked, and every tick from before kept.
        expect(c.items.map((i) => i._id).slice(0, 2)).toEqual(['p1', 'p9']);
        expect(c.selected).toEqual([...before!.context.selected.filter((id) => id !== 'p9'), 'p9']);
      }
      if (event.type === 'CREATE_CANCELLED') expect(c).toEqual(before!.context);
      if (event.type === 'SAVE') {
        expect(before!.context.selected).toEqual([]);
        expect(changed).toEqual([]);
        expect(emitted).toEqual([{ type: 'invalid', message: DASHBOARD_MESSAGES.selectPlaylist }]);
      }
    }

    if (s.matches('saving')) {
      // One line per changed playlist, in the order of the list: held ones unticked are removed.
      expect(c.lines.map((l) => [l.itemId, l.op])).toEqual(
        changed.map((i) => [i._id, i.held ? 'remove' : 'add']),
      );
      const started = c.lines.filter((l) => l.status !== 'pending').length;
      // Never a save for a line before the previous one has settled and the spacing passed.
      expect(fakes.callsOf('saveEntry')).toHaveLength(started);
      const statuses = c.lines.map((l) => l.status).join(' ');
      // Settled lines first, then at most one loading, then the pending ones.
      expect(statuses).toMatch(
        /^(?:(?:completed|error)(?: |$))*(?:loading(?: |$))?(?:pending(?: |$))*$/,
      );
      for (const l of c.lines)
        expect(l.error).toBe(l.status === 'error' ? 'Playlist is full' : null);
    }
    if (s.matches({ saving: 'saveOne' })) {
      const loading = c.lines.filter((l) => l.status === 'loading');
      expect(loading).toHaveLength(1);
      expect(fakes.lastInput('saveEntry')).toEqual({
        op: loading[0]!.op,
        videoId: 'video-1',
        playlistId: loading[0]!.itemId,
      });
    }
    if (s.matches({ saving: 'next' })) {
      expect(c.lines.some((l) => l.status === 'loading')).toBe(false);
      expect(s.children.saveEntry).toBeUndefined();
    }

    if (s.matches('closed')) {
      expect(s.status).toBe('done');
      if (before?.matches('saving')) {
        expect(c.lines.every((l) => l.status === 'completed' || l.status === 'error')).toBe(true);
        const failed = c.lines.filter((l) => l.status === 'error').map((l) => l.itemId);
        const saved = c.lines.filter((l) => l.status === 'completed').map((l) => l.itemId);
        const onlyRemoved = c.lines.every((l) => l.op === 'remove');
        const message = onlyRemoved
          ? DASHBOARD_MESSAGES.videosRemoved
          : DASHBOARD_MESSAGES.videosAdded;
        const result =
          failed.length === 0
            ? { type: 'saved', message, itemIds: saved }
            : { type: 'failed', message: 'Playlist is full', savedIds: saved, failedIds: failed };
        expect(emitted).toEqual([result, { type: 'closed' }]);
      } else {
        // CLOSE, or Save with ticks and nothing changed: no save, no toast.
        if (event.type === 'SAVE') {
          expect(c.selected.length).toBeGreaterThan(0);
          expect(changed).toEqual([]);
        }
        expect(fakes.callsOf('saveEntry')).toHaveLength(0);
        expect(emitted).toEqual([{ type: 'closed' }]);
      }
    }
  },
};
