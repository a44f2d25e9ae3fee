import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PlaylistDetail } from '../../contract/playlists.js';
import {
  playlistDetailMachine,
  selectHasFailed,
  selectHasMore,
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
  const fetchPlaylist = fromPromise<PlaylistDetail, { playlistId: string; page: number }>(
    ({ input }) => {
      asked.push(input.playlistId);
      return answers[asked.length - 1]!();
    },
  );
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
    expect(selectHasMore(actor.getSnapshot())).toBe(false);
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

  it('Show more videos appends the next page until every video is shown', async () => {
    const videos = Array.from({ length: 5 }, (_, i) => ({ ...aPlaylist.videos[0]!, _id: `v${i}` }));
    const page = (n: number): PlaylistDetail => ({
      ...aPlaylist,
      videos: videos.slice((n - 1) * 2, n * 2),
      totalVideos: 5,
      page: n,
      limit: 2,
    });
    const { actor } = open([1, 2, 3].map((n) => async () => page(n)));
    await settle();
    for (let i = 0; i < 5 && selectHasMore(actor.getSnapshot()); i++) {
      actor.send({ type: 'LOAD_MORE' });
      await settle();
    }
    expect(selectPlaylist(actor.getSnapshot())?.videos.map((v) => v._id)).toEqual(
      videos.map((v) => v._id),
    );
  });
});
