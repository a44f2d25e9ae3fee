import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { PAGE_SIZE } from '../../contract/limits.js';
import { addToPlaylistMachine, type BatchItem } from '../../machines/add-to-playlist.machine.js';
import {
  type BatchSnapshot,
  selectHasShowMore,
  selectVisibleItems,
} from '../../machines/add-to-playlist.selectors.js';
import { DASHBOARD_MESSAGES as M } from '../../machines/dashboard-messages.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';

const input = { mode: 'addVideos' as const, targetId: 'pl' };
/** Five videos, 3 pages of 2; 'b' is already in the playlist. */
const videos: BatchItem[] = ['a', 'b', 'c', 'd', 'e'].map((id) => ({
  _id: id,
  label: `Video ${id}`,
  locked: id === 'b',
}));
/**
 * The chart is shared with Save's dialog (add-to-playlist.model.ts), whose branches this mode's
 * view never takes: an item that starts ticked (`held`: Save with it still ticked closes with
 * nothing to save; unticked, it is removed) and one made from the dialog (CREATED). The same
 * rules hold in every mode, so this model walks them too.
 */
const videosHeld: BatchItem[] = videos.map((v) => ({ ...v, held: v._id === 'c' }));

/** The same batch machine as add-to-playlist.model.ts, in its add-videos mode. */
export const model: Model<typeof addToPlaylistMachine> = {
  name: 'add videos to a playlist (batch save)',
  machine: addToPlaylistMachine,
  meaning: {
    loading: "the caller's videos are being fetched, with those already in the playlist marked",
    failed: "the list failed: its error 'Network down' with Retry",
    selecting:
      "2 videos per page, page within 1…3; a video 'Already in playlist' is never ticked; Save with none says 'Please select at least one video'",
    creating: 'a new item is being made elsewhere; the list and its ticks wait',
    saving: 'busy; one line per ticked video (or held one unticked), in list order',
    'saving.saveOne': 'one add request for the loading video into this playlist',
    'saving.next': 'no save runs while the 500 ms spacing is waited',
    closed: "closed: 'Videos added to playlist successfully' or the failure, then closed",
  },
  input,
  promiseActors: ['fetchItems', 'saveEntry'],
  events: {
    'xstate.done.actor.fetchItems': [
      { type: 'xstate.done.actor.fetchItems', output: videos },
      { type: 'xstate.done.actor.fetchItems', output: videosHeld },
    ],
    'xstate.error.actor.fetchItems': [
      { type: 'xstate.error.actor.fetchItems', error: apiError('Network down') },
    ],
    'xstate.done.actor.saveEntry': [{ type: 'xstate.done.actor.saveEntry', output: undefined }],
    'xstate.error.actor.saveEntry': [
      { type: 'xstate.error.actor.saveEntry', error: apiError('Video not found') },
    ],
    TOGGLE: ['a', 'b', 'e'].map((itemId) => ({ type: 'TOGGLE', itemId })),
    PAGE: [0, 3, 4].map((page) => ({ type: 'PAGE', page })),
    CREATED: [{ type: 'CREATED', item: { _id: 'f', label: 'Video f' } }],
  },
  serialize: (snapshot: AnyMachineSnapshot) => {
    const c = (snapshot as BatchSnapshot).context;
    return JSON.stringify([
      snapshot.value,
      c.items.map((i) => `${i._id}${i.held ? '*' : ''}`),
      c.selected,
      c.page,
      c.lines.map((l) => l.status),
    ]);
  },
  assert: (snapshot, fakes, { event, previous, emitted }) => {
    const s = snapshot as BatchSnapshot;
    const c = s.context;
    expect(c.selected).not.toContain('b');
    if (s.matches('selecting')) {
      expect(selectHasShowMore(s)).toBe(false);
      expect(c.page).toBeGreaterThanOrEqual(1);
      expect(c.page).toBeLessThanOrEqual(3);
      const size = PAGE_SIZE.addToPlaylistVideos;
      expect(selectVisibleItems(s)).toEqual(c.items.slice((c.page - 1) * size, c.page * size));
      if (event.type === 'SAVE') {
        expect(emitted).toEqual([{ type: 'invalid', message: M.selectVideo }]);
      }
    }
    if (s.matches({ saving: 'saveOne' })) {
      const line = c.lines.find((l) => l.status === 'loading')!;
      expect(fakes.lastInput('saveEntry')).toEqual({
        // Every ticked video is added; only a held one unticked is removed.
        op: c.items.find((i) => i._id === line.itemId)?.held ? 'remove' : 'add',
        videoId: line.itemId,
        playlistId: 'pl',
      });
    }
    if (s.matches('closed') && (previous as BatchSnapshot | undefined)?.matches('saving')) {
      const ok = c.lines.every((l) => l.status === 'completed');
      const removedOnly = c.lines.every((l) => l.op === 'remove');
      expect(emitted[0]).toMatchObject(
        ok
          ? { type: 'saved', message: removedOnly ? M.videosRemoved : M.videosAdded }
          : { type: 'failed', message: 'Video not found' },
      );
      expect(emitted[1]).toEqual({ type: 'closed' });
    }
  },
};
