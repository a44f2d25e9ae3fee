import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PlaylistDetail } from '../../contract/playlists.js';
import {
  playlistDetailMachine,
  selectHasFailed,
  selectIsNotFound,
  selectPlaylist,
} from '../../machines/playlist-detail.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { aPlaylist, model } from './playlist-detail.model.js';
import { settle } from './video-fixtures.js';
import { httpError } from './watch.model.js';

describeModel(model);

function open(answers: Array<() => Promise<PlaylistDetail>>) {
  const asked: string[] = [];
  const fetchPlaylist = fromPromise<PlaylistDetail, { playlistId: string }>(({ input }) => {
    asked.push(input.playlistId);
    return answers[asked.length - 1]!();
  });
  const actor = createActor(playlistDetailMachine.provide({ actors: { fetchPlaylist } }), {
    input: { playlistId: 'p_1' },
  }).start();
  return { actor, asked };
}

describe('playlist detail', () => {
  it('loads the playlist it was opened for', async () => {
    const { actor, asked } = open([async () => aPlaylist]);
    await settle();
    expect(asked).toEqual(['p_1']);
    expect(selectPlaylist(actor.getSnapshot())?.playlistName).toBe('Weeknight dinners');
  });

  it('an unknown id is not found, for good', async () => {
    const { actor, asked } = open([() => Promise.reject(httpError('Playlist not found', 404))]);
    await settle();
    expect(selectIsNotFound(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'RETRY' });
    await settle();
    expect(asked).toHaveLength(1);
  });

  it('Retry after a failure loads again', async () => {
    const { actor } = open([
      () => Promise.reject(httpError('Network down', 0)),
      async () => aPlaylist,
    ]);
    await settle();
    expect(selectHasFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'RETRY' });
    await settle();
    expect(selectPlaylist(actor.getSnapshot())).toEqual(aPlaylist);
  });
});
