import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  addToPlaylistMachine,
  type BatchEmitted,
  type BatchInput,
  type BatchItem,
  type SaveEntryInput,
} from '../../machines/add-to-playlist.machine.js';
import {
  selectLineStatus,
  selectPageCount,
  selectVisibleItems,
} from '../../machines/add-to-playlist.selectors.js';
import { BATCH_SAVE_SPACING_MS } from '../../machines/constants.js';
import { DASHBOARD_MESSAGES as M } from '../../machines/dashboard-messages.js';
import { describeModel } from '../support/model-vitest.js';
import { model, playlists } from './add-to-playlist.model.js';

describeModel(model);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A dialog over a fake server; `fail` maps an item id to its failure (null: no message). */
function start(input: BatchInput, items: BatchItem[], fail: Record<string, string | null> = {}) {
  const calls: SaveEntryInput[] = [];
  const clock = new SimulatedClock();
  const itemOf = (e: SaveEntryInput) =>
    input.mode === 'addToPlaylists' ? e.playlistId : e.videoId;
  const machine = addToPlaylistMachine.provide({
    actors: {
      fetchItems: fromPromise(() => Promise.resolve(items)),
      saveEntry: fromPromise<void, SaveEntryInput>(({ input: entry }) => {
        calls.push(entry);
        const failure = fail[itemOf(entry)];
        if (failure === undefined) return Promise.resolve();
        return Promise.reject(failure === null ? new Error('') : new Error(failure));
      }),
    },
  });
  const actor = createActor(machine, { input, clock });
  const emitted: BatchEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const status = (id: string) => selectLineStatus(actor.getSnapshot(), id);
  return { actor, clock, calls, emitted, status };
}

describe('add to playlist: the batch save', () => {
  it('saves one playlist at a time, 500 ms apart, each line with its own state, then closes', async () => {
    const { actor, clock, calls, emitted, status } = start(
      { mode: 'addToPlaylists', targetId: 'v1' },
      playlists,
    );
    await settle();
    for (const itemId of ['p4', 'p1', 'p2']) actor.send({ type: 'TOGGLE', itemId });
    actor.send({ type: 'SAVE' });
    await settle();
    // List order, not ticking order: p1 saved, p2 and p4 still pending.
    expect(calls).toEqual([{ op: 'add', videoId: 'v1', playlistId: 'p1' }]);
    expect([status('p1'), status('p2'), status('p4')]).toEqual(['completed', 'pending', 'pending']);
    clock.increment(BATCH_SAVE_SPACING_MS - 1);
    await settle();
    expect(calls).toHaveLength(1); // no second save before 500 ms
    clock.increment(1);
    await settle();
    expect(calls.map((c) => c.playlistId)).toEqual(['p1', 'p2']);
    expect(status('p2')).toBe('completed');
    clock.increment(BATCH_SAVE_SPACING_MS);
    await settle();
    expect(calls.map((c) => c.playlistId)).toEqual(['p1', 'p2', 'p4']);
    expect(emitted).toEqual([]);
    clock.increment(BATCH_SAVE_SPACING_MS);
    expect(emitted).toEqual([
      { type: 'saved', message: M.videosAdded, itemIds: ['p1', 'p2', 'p4'] },
      { type: 'closed' },
    ]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('shows a line loading while its save runs', async () => {
    const { actor, status } = start({ mode: 'addToPlaylists', targetId: 'v1' }, playlists);
    await settle();
    actor.send({ type: 'TOGGLE', itemId: 'p1' });
    actor.send({ type: 'SAVE' });
    expect(status('p1')).toBe('loading');
  });

  it('a failure in the middle: the others are still saved and stay added; the server message is told', async () => {
    const { actor, clock, calls, emitted, status } = start(
      { mode: 'addToPlaylists', targetId: 'v1' },
      playlists,
      { p2: 'Playlist is full' },
    );
    await settle();
    for (const itemId of ['p1', 'p2', 'p4']) actor.send({ type: 'TOGGLE', itemId });
    actor.send({ type: 'SAVE' });
    for (let i = 0; i < 3; i++) {
      await settle();
      clock.increment(BATCH_SAVE_SPACING_MS);
    }
    expect(calls).toHaveLength(3);
    expect([status('p1'), status('p2'), status('p4')]).toEqual(['completed', 'error', 'completed']);
    expect(emitted).toEqual([
      { type: 'failed', message: 'Playlist is full', savedIds: ['p1', 'p4'], failedIds: ['p2'] },
      { type: 'closed' },
    ]);
  });

  it("without a server message the failure says 'Failed to add videos to playlist'", async () => {
    const { actor, clock, emitted } = start({ mode: 'addToPlaylists', targetId: 'v1' }, playlists, {
      p1: null,
    });
    await settle();
    actor.send({ type: 'TOGGLE', itemId: 'p1' });
    actor.send({ type: 'SAVE' });
    await settle();
    clock.increment(BATCH_SAVE_SPACING_MS);
    expect(emitted[0]).toMatchObject({ type: 'failed', message: M.videosAddFailed });
  });

  it('ignores Escape while saving', async () => {
    const { actor, clock, emitted } = start({ mode: 'addToPlaylists', targetId: 'v1' }, playlists);
    await settle();
    actor.send({ type: 'TOGGLE', itemId: 'p1' });
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'CLOSE' });
    await settle();
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    clock.increment(BATCH_SAVE_SPACING_MS);
    expect(emitted.map((e) => e.type)).toEqual(['saved', 'closed']);
  });
});

describe('Save shows where the video already is (issue 29)', () => {
  it('ticks what holds the video; unticking removes it, ticking adds, in list order', async () => {
    const { actor, clock, calls, emitted } = start(
      { mode: 'addToPlaylists', targetId: 'v1' },
      playlists,
    );
    await settle();
    expect(actor.getSnapshot().context.selected).toEqual(['p2']);
    actor.send({ type: 'TOGGLE', itemId: 'p2' });
    actor.send({ type: 'TOGGLE', itemId: 'p4' });
    actor.send({ type: 'SAVE' });
    for (let i = 0; i < 2; i++) {
      await settle();
      clock.increment(BATCH_SAVE_SPACING_MS);
    }
    expect(calls).toEqual([
      { op: 'remove', videoId: 'v1', playlistId: 'p2' },
      { op: 'add', videoId: 'v1', playlistId: 'p4' },
    ]);
    expect(emitted[0]).toEqual({ type: 'saved', message: M.videosAdded, itemIds: ['p2', 'p4'] });
  });

  it('only removals say the remove text; nothing changed closes without a save', async () => {
    const removal = start({ mode: 'addToPlaylists', targetId: 'v1' }, playlists);
    await settle();
    removal.actor.send({ type: 'TOGGLE', itemId: 'p2' });
    removal.actor.send({ type: 'SAVE' });
    await settle();
    removal.clock.increment(BATCH_SAVE_SPACING_MS);
    expect(removal.emitted[0]).toEqual({
      type: 'saved',
      message: M.videosRemoved,
      itemIds: ['p2'],
    });
    const same = start({ mode: 'addToPlaylists', targetId: 'v1' }, playlists);
    await settle();
    same.actor.send({ type: 'SAVE' });
    expect(same.calls).toEqual([]);
    expect(same.emitted).toEqual([{ type: 'closed' }]);
  });

  it('keeps the ticks through New playlist; the new one comes after Watch later, ticked', async () => {
    const { actor } = start({ mode: 'addToPlaylists', targetId: 'v1' }, playlists);
    await settle();
    actor.send({ type: 'TOGGLE', itemId: 'p2' });
    actor.send({ type: 'TOGGLE', itemId: 'p5' });
    actor.send({ type: 'NEW_PLAYLIST' });
    actor.send({ type: 'CREATED', item: { _id: 'p9', label: 'Made here' } });
    const c = actor.getSnapshot().context;
    expect(c.items.map((i) => i._id)).toEqual(['p1', 'p9', 'p2', 'p3', 'p4', 'p5']);
    expect(c.selected).toEqual(['p5', 'p9']);
  });
});

const videos: BatchItem[] = ['a', 'b', 'c', 'd', 'e'].map((id) => ({
  _id: id,
  label: `Video ${id}`,
  locked: id === 'b',
}));

describe('add videos to one playlist (same machine)', () => {
  it('pages 2 videos at a time; a video already in the playlist cannot be ticked', async () => {
    const { actor, emitted, calls, clock } = start({ mode: 'addVideos', targetId: 'pl' }, videos);
    await settle();
    const ids = () => selectVisibleItems(actor.getSnapshot()).map((v) => v._id);
    expect(ids()).toEqual(['a', 'b']);
    expect(selectPageCount(actor.getSnapshot())).toBe(3);
    actor.send({ type: 'PAGE', page: 3 });
    expect(ids()).toEqual(['e']);
    actor.send({ type: 'PAGE', page: 9 });
    expect(ids()).toEqual(['e']);
    actor.send({ type: 'TOGGLE', itemId: 'b' });
    actor.send({ type: 'SAVE' });
    expect(emitted).toEqual([{ type: 'invalid', message: M.selectVideo }]);
    actor.send({ type: 'TOGGLE', itemId: 'e' });
    actor.send({ type: 'SAVE' });
    await settle();
    clock.increment(BATCH_SAVE_SPACING_MS);
    expect(calls).toEqual([{ op: 'add', videoId: 'e', playlistId: 'pl' }]);
    expect(emitted.at(-2)).toEqual({ type: 'saved', message: M.videosAdded, itemIds: ['e'] });
  });
});

describe('remove videos from a playlist (same machine)', () => {
  it("asks for a video first, then removes and says 'Videos removed from playlist successfully'", async () => {
    const { actor, emitted, calls, clock } = start(
      { mode: 'removeVideos', targetId: 'pl' },
      videos,
    );
    await settle();
    actor.send({ type: 'SAVE' });
    expect(emitted).toEqual([{ type: 'invalid', message: M.selectVideoToRemove }]);
    actor.send({ type: 'TOGGLE', itemId: 'a' });
    actor.send({ type: 'SAVE' });
    await settle();
    clock.increment(BATCH_SAVE_SPACING_MS);
    expect(calls).toEqual([{ op: 'remove', videoId: 'a', playlistId: 'pl' }]);
    expect(emitted.at(-2)).toEqual({ type: 'saved', message: M.videosRemoved, itemIds: ['a'] });
  });

  it("a failed removal says 'Failed to remove videos from playlist'", async () => {
    const { actor, emitted, clock } = start({ mode: 'removeVideos', targetId: 'pl' }, videos, {
      a: null,
    });
    await settle();
    actor.send({ type: 'TOGGLE', itemId: 'a' });
    actor.send({ type: 'SAVE' });
    await settle();
    clock.increment(BATCH_SAVE_SPACING_MS);
    expect(emitted.at(-2)).toMatchObject({ type: 'failed', message: M.videosRemoveFailed });
  });
});
