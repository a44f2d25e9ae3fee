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

/** The same batch machine as add-to-playlist.model.ts, in its add-videos mode. */
export const model: Model<typeof addToPlaylistMachine> = {
  name: 'add videos to a playlist (batch save)',
  machine: addToPlaylistMachine,
  meaning: {
    loading: "the caller's videos are being fetched, with those already in the playlist marked",
    failed: "the list failed: its error 'Network down' with Retry",
    selecting:
      "2 videos per page, page within 1…3; a video 'Already in playlist' is never ticked; Save with none says 'Please select at least one video'",
    saving: 'busy; one line per ticked video, in list order',
    'saving.saveOne': 'one add request for the loading video into this playlist',
    'saving.next': 'no save runs while the 500 ms spacing is waited',
    closed: "closed: 'Videos added to playlist successfully' or the failure, then closed",
  },
  input,
  promiseActors: ['fetchItems', 'saveEntry'],
  events: {
    'xstate.done.actor.fetchItems': [{ type: 'xstate.done.actor.fetchItems', output: videos }],
    'xstate.error.actor.fetchItems': [
      { type: 'xstate.error.actor.fetchItems', error: apiError('Network down') },
    ],
    'xstate.done.actor.saveEntry': [{ type: 'xstate.done.actor.saveEntry', output: undefined }],
    'xstate.error.actor.saveEntry': [
      { type: 'xstate.error.actor.saveEntry', error: apiError('Video not found') },
    ],
    TOGGLE: ['a', 'b', 'e'].map((itemId) => ({ type: 'TOGGLE', itemId })),
    PAGE: [0, 3, 4].map((page) => ({ type: 'PAGE', page })),
  },
  serialize: (snapshot: AnyMachineSnapshot) => {
    const c = (snapshot as BatchSnapshot).context;
    return JSON.stringify([snapshot.value, c.selected, c.page, c.lines.map((l) => l.status)]);
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
      expect(selectVisibleItems(s)).toEqual(videos.slice((c.page - 1) * size, c.page * size));
      if (event.type === 'SAVE') {
        expect(emitted).toEqual([{ type: 'invalid', message: M.selectVideo }]);
      }
    }
    if (s.matches({ saving: 'saveOne' })) {
      const line = c.lines.find((l) => l.status === 'loading')!;
      expect(fakes.lastInput('saveEntry')).toEqual({
        op: 'add',
        videoId: line.itemId,
        playlistId: 'pl',
      });
    }
    if (s.matches('closed') && (previous as BatchSnapshot | undefined)?.matches('saving')) {
      const ok = c.lines.every((l) => l.status === 'completed');
      expect(emitted[0]).toMatchObject(
        ok
          ? { type: 'saved', message: M.videosAdded }
          : { type: 'failed', message: 'Video not found' },
      );
      expect(emitted[1]).toEqual({ type: 'closed' });
    }
  },
};
