import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { seekPreviewMachine, selectPreview } from '../../machines/seek-preview.machine.js';
import { parsePreviewMap, tileAt } from '../../machines/seek-preview-map.js';
import { chapterAt, parseChapters, timestampParts } from '../../machines/chapters.js';
import { describeModel } from '../support/model-vitest.js';
import { mapUrl, model, tiles } from './seek-preview.model.js';

describeModel(model);

describe('seek bar preview', () => {
  it('asks for the map on the first hover only, and shows the tile of the time', async () => {
    const asked: string[] = [];
    const actor = createActor(
      seekPreviewMachine.provide({
        actors: {
          fetchPreviewMap: fromPromise(({ input }: { input: { url: string } }) => {
            asked.push(input.url);
            return Promise.resolve(tiles);
          }),
        },
      }),
      { input: { mapUrl } },
    ).start();
    expect(selectPreview(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'HOVER', time: 14 });
    await new Promise((r) => setTimeout(r, 0));
    expect(selectPreview(actor.getSnapshot())).toEqual({ time: 14, tile: tiles[1] });
    actor.send({ type: 'LEAVE' });
    actor.send({ type: 'HOVER', time: 29 });
    expect(selectPreview(actor.getSnapshot())?.tile).toEqual(tiles[2]);
    expect(asked).toEqual([mapUrl]);
  });

  it('shows the time alone for a video without previews, and never asks', () => {
    const actor = createActor(seekPreviewMachine, { input: { mapUrl: null } }).start();
    actor.send({ type: 'PRESS', time: 7 });
    actor.send({ type: 'MOVE', time: 9 });
    expect(selectPreview(actor.getSnapshot())).toEqual({ time: 9, tile: null });
    actor.send({ type: 'LEAVE' });
    expect(selectPreview(actor.getSnapshot())).not.toBeNull(); // a drag keeps its preview
    actor.send({ type: 'RELEASE' });
    actor.send({ type: 'LEAVE' });
    expect(selectPreview(actor.getSnapshot())).toBeNull();
  });
});

describe('seek preview map', () => {
  it('reads cues of sprite tiles, resolved against the map address', () => {
    const text =
      'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\np-1-previews.jpg#xywh=0,0,160,90\n\n' +
      '00:00:05.000 --> 00:00:10.000\np-1-previews.jpg#xywh=160,0,160,90\n';
    const parsed = parsePreviewMap(text, mapUrl);
    expect(parsed).toHaveLength(2);
    expect(parsed[1]).toMatchObject({ start: 5, end: 10, x: 160, sprite: tiles[0]!.sprite });
    expect(tileAt(parsed, 7)).toBe(parsed[1]);
    expect(parsePreviewMap('not a map', mapUrl)).toEqual([]);
  });
});

describe('chapters and timestamps', () => {
  it('makes chapters of three or more ascending lines starting at 0:00', () => {
    const text = 'My trip\n0:00 Intro\n1:05 - The market\n12:30 Dinner\n1:02:03 Credits';
    expect(parseChapters(text)).toEqual([
      { start: 0, title: 'Intro' },
      { start: 65, title: 'The market' },
      { start: 750, title: 'Dinner' },
      { start: 3723, title: 'Credits' },
    ]);
    expect(chapterAt(parseChapters(text), 700)?.title).toBe('The market');
  });

  it('makes none from two lines, a first line after 0:00 or lines out of order', () => {
    expect(parseChapters('0:00 A\n1:00 B')).toEqual([]);
    expect(parseChapters('0:10 A\n1:00 B\n2:00 C')).toEqual([]);
    expect(parseChapters('0:00 A\n2:00 B\n1:00 C')).toEqual([]);
    expect(chapterAt([], 5)).toBeNull();
  });

  it('turns standalone timestamps into links, not parts of other numbers', () => {
    expect(timestampParts('see 1:23 and 1:02:03, not 12:345 or 10:75')).toEqual([
      { text: 'see ' },
      { text: '1:23', seconds: 83 },
      { text: ' and ' },
      { text: '1:02:03', seconds: 3723 },
      { text: ', not 12:345 or 10:75' },
    ]);
  });
});
