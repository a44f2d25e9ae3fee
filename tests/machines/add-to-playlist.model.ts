import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { addToPlaylistMachine, type BatchItem } from '../../machines/add-to-playlist.machine.js';
import {
  type BatchSnapshot,
  selectHasShowMore,
  selectIsSaving,
  selectVisibleItems,
} from '../../machines/add-to-playlist.selectors.js';
import { DASHBOARD_MESSAGES } from '../../machines/dashboard-messages.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';

const input = { mode: 'addToPlaylists' as const, targetId: 'video-1' };
/** Five playlists (one more than 'Show more' allows); p3 is locked, so ticking it does nothing. */
export const playlists: BatchItem[] = [1, 2, 3, 4, 5].map((n) => ({
  _id: `p${n}`,
  label: `Playlist ${n}`,
  locked: n === 3,
}));

export const model: Model<typeof addToPlaylistMachine> = {
  name: 'add to playlist (batch save)',
  machine: addToPlaylistMachine,
  meaning: {
    loading: "the caller's playlists are being fetched for this video",
    failed: "the list failed: its error 'Network down' with Retry; nothing saved",
    selecting:
      "checklist of 5 playlists, 4 shown until 'Show more'; locked ones never ticked; Save with none ticked says 'Please select at least one playlist'",
    saving:
      'busy: Save, checkboxes and Escape disabled; one line per ticked playlist, in list order',
    'saving.saveOne':
      'exactly one line loading and one save request for it; lines before it completed or error, after it pending',
    'saving.next':
      'no save runs: the 500 ms spacing before the next line (or before closing) is waited',
    closed:
      "dialog closed: after saving, 'Videos added to playlist successfully' or the failure's message, with the saved and failed ids",
  },
  input,
  promiseActors: ['fetchItems', 'saveEntry'],
  events: {
    'xstate.done.actor.fetchItems': [{ type: 'xstate.done.actor.fetchItems', output: playlists }],
    'xstate.error.actor.fetchItems': [
      { type: 'xstate.error.actor.fetchItems', error: apiError('Network down') },
    ],
    'xstate.done.actor.saveEntry': [{ type: 'xstate.done.actor.saveEntry', output: undefined }],
    'xstate.error.actor.saveEntry': [
      { type: 'xstate.error.actor.saveEntry', error: apiError('Playlist is full') },
    ],
    TOGGLE: ['p1', 'p2', 'p3'].map((itemId) => ({ type: 'TOGGLE', itemId })),
    PAGE: [{ type: 'PAGE', page: 2 }],
  },
  serialize: (snapshot: AnyMachineSnapshot) => {
    const c = (snapshot as BatchSnapshot).context;
    return JSON.stringify([
      snapshot.value,
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
    expect(c.selected).not.toContain('p3');

    if (s.matches('loading')) expect(fakes.lastInput('fetchItems')).toEqual(input);
    if (s.matches('failed')) expect(c.error).toBe('Network down');

    if (s.matches('selecting')) {
      expect(selectHasShowMore(s)).toBe(true);
      expect(selectVisibleItems(s)).toHaveLength(c.showAll ? 5 : 4);
      expect(c.lines).toEqual([]);
      expect(fakes.callsOf('saveEntry')).toHaveLength(0);
      if (event.type === 'SAVE') {
        expect(before!.context.selected).toEqual([]);
        expect(emitted).toEqual([{ type: 'invalid', message: DASHBOARD_MESSAGES.selectPlaylist }]);
      }
    }

    if (s.matches('saving')) {
      // One line per ticked playlist, in the order of the list.
      const ticked = playlists.map((p) => p._id).filter((id) => c.selected.includes(id));
      expect(c.lines.map((l) => l.itemId)).toEqual(ticked);
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
        op: 'add',
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
        const result =
          failed.length === 0
            ? { type: 'saved', message: DASHBOARD_MESSAGES.videosAdded, itemIds: saved }
            : { type: 'failed', message: 'Playlist is full', savedIds: saved, failedIds: failed };
        expect(emitted).toEqual([result, { type: 'closed' }]);
      } else {
        expect(emitted).toEqual([{ type: 'closed' }]);
      }
    }
  },
};
