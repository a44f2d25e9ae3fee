import { expect } from 'vitest';
import {
  seekPreviewMachine,
  selectIsDragging,
  selectPreview,
  type SeekPreviewSnapshot,
} from '../../machines/seek-preview.machine.js';
import type { PreviewTile } from '../../machines/seek-preview-map.js';
import type { Model } from '../support/model.js';

export const mapUrl = 'http://site.test/media/hls/p-1-previews.vtt';
export const tiles: PreviewTile[] = [0, 1, 2].map((i) => ({
  start: i * 10,
  end: (i + 1) * 10,
  sprite: 'http://site.test/media/hls/p-1-previews.jpg',
  x: i * 160,
  y: 0,
  width: 160,
  height: 90,
}));

export const model: Model<typeof seekPreviewMachine> = {
  name: 'seek bar preview',
  machine: seekPreviewMachine,
  meaning: {
    'pointer.hidden': 'no preview shows over the bar',
    'pointer.hovering': 'the time under the pointer shows over the bar, with its tile once loaded',
    'pointer.dragging': 'the thumb follows the pointer; the preview shows its time and tile',
    'map.idle': 'the preview map was not asked for (nobody hovered yet, or the video has none)',
    'map.loading': 'the map was asked for once; the time alone shows meanwhile',
    'map.ready': "the map's tiles are known: the preview shows the tile of the time",
    'map.failed': 'the map could not be loaded: the time alone shows, and it is not asked again',
  },
  input: { mapUrl },
  promiseActors: ['fetchPreviewMap'],
  events: {
    HOVER: [{ type: 'HOVER', time: 12 }],
    MOVE: [{ type: 'MOVE', time: 25 }],
    PRESS: [{ type: 'PRESS', time: 3 }],
    'xstate.done.actor.fetchPreviewMap': [
      { type: 'xstate.done.actor.fetchPreviewMap', output: tiles },
    ],
    'xstate.error.actor.fetchPreviewMap': [
      { type: 'xstate.error.actor.fetchPreviewMap', error: new Error('Network down') },
    ],
  },
  assert: (snapshot, fakes, { event }) => {
    const s = snapshot as SeekPreviewSnapshot;
    const preview = selectPreview(s);
    const loads = fakes.callsOf('fetchPreviewMap');
    // The map is asked for at most once, by its URL.
    expect(loads.length).toBeLessThanOrEqual(1);
    for (const call of loads) expect(call.input).toEqual({ url: mapUrl });
    if (s.matches({ map: 'idle' })) expect(loads).toHaveLength(0);
    else expect(loads).toHaveLength(1);

    if (s.matches({ pointer: 'hidden' })) expect(preview).toBeNull();
    else {
      expect(preview).not.toBeNull();
      if ('time' in event) expect(preview!.time).toBe(event.time);
      // The tile is the one covering the time, once the map is known; none before.
      if (s.matches({ map: 'ready' })) {
        expect(preview!.tile).toEqual(tiles[Math.min(2, Math.floor(preview!.time / 10))]);
      } else {
        expect(preview!.tile).toBeNull();
      }
    }
    expect(selectIsDragging(s)).toBe(s.matches({ pointer: 'dragging' }));
  },
};
