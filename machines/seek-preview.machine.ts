/**
 * The seek bar's preview (issue 34): while the pointer hovers over the bar or drags its thumb,
 * the moment under it shows as a thumbnail from the video's sprite sheet, with the time.
 *
 * Input: `mapUrl`, the WebVTT map of the sprite (VideoDetail.seekPreviews), or null.
 * Events: HOVER and MOVE (pointer over the bar at `time`), PRESS (pointer down: dragging),
 * RELEASE (pointer up), LEAVE (pointer left the bar).
 * Actor: `fetchPreviewMap` (the map's tiles).
 *
 * Two regions: `pointer` (hidden, hovering, dragging) and `map` (idle, loading, ready, failed).
 * Choices where the spec is silent: the map is fetched on the first hover or press, not with the
 * page (most viewers never hover); a map that fails to load is not asked for again for this
 * video, and the time alone shows; a drag keeps its preview when the pointer leaves the bar
 * (pointer capture), until the release.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { tileAt, type PreviewTile } from './seek-preview-map';

export interface SeekPreviewInput {
  mapUrl: string | null;
}

interface Context {
  mapUrl: string | null;
  tiles: PreviewTile[];
  /** Seconds under the pointer. */
  time: number;
}

type Event =
  /** The pointer entered or moved over the bar. */
  | { type: 'HOVER'; time: number }
  /** The pointer moved (over the bar, or anywhere while dragging). */
  | { type: 'MOVE'; time: number }
  /** The pointer went down on the bar: a drag begins. */
  | { type: 'PRESS'; time: number }
  /** The pointer went up: the drag ends. */
  | { type: 'RELEASE' }
  /** The pointer left the bar. */
  | { type: 'LEAVE' };

export const seekPreviewMachine = setup({
  types: {
    input: {} as SeekPreviewInput,
    context: {} as Context,
    events: {} as Event,
  },
  actors: {
    fetchPreviewMap: fromPromise<PreviewTile[], { url: string }>(() => {
      throw new Error('fetchPreviewMap: provide the real actor');
    }),
  },
  actions: {
    setTime: assign({
      time: ({ event }) => ('time' in event ? Math.max(0, event.time) : 0),
    }),
  },
  guards: {
    hasMap: ({ context }) => context.mapUrl !== null,
  },
}).createMachine({
  id: 'seekPreview',
  type: 'parallel',
  context: ({ input }) => ({ mapUrl: input.mapUrl, tiles: [], time: 0 }),
  states: {
    pointer: {
      initial: 'hidden',
      states: {
        hidden: {
          on: {
            HOVER: { target: 'hovering', actions: 'setTime' },
            PRESS: { target: 'dragging', actions: 'setTime' },
          },
        },
        hovering: {
          on: {
            HOVER: { actions: 'setTime' },
            MOVE: { actions: 'setTime' },
            PRESS: { target: 'dragging', actions: 'setTime' },
            LEAVE: 'hidden',
          },
        },
        dragging: {
          on: {
            HOVER: { actions: 'setTime' },
            MOVE: { actions: 'setTime' },
            RELEASE: 'hovering',
          },
        },
      },
    },
    map: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            HOVER: { guard: 'hasMap', target: 'loading' },
            PRESS: { guard: 'hasMap', target: 'loading' },
          },
        },
        loading: {
          invoke: {
            id: 'fetchPreviewMap',
            src: 'fetchPreviewMap',
            input: ({ context }) => ({ url: context.mapUrl! }),
            onDone: {
              target: 'ready',
              actions: assign({ tiles: ({ event }) => event.output }),
            },
            onError: 'failed',
          },
        },
        ready: {},
        failed: {},
      },
    },
  },
});

export type SeekPreviewSnapshot = SnapshotFrom<typeof seekPreviewMachine>;

/** What the bar shows: the time under the pointer and its tile (null: the time alone). */
export function selectPreview(
  s: SeekPreviewSnapshot,
): { time: number; tile: PreviewTile | null } | null {
  if (s.matches({ pointer: 'hidden' })) return null;
  return { time: s.context.time, tile: tileAt(s.context.tiles, s.context.time) };
}

export const selectIsDragging = (s: SeekPreviewSnapshot) => s.matches({ pointer: 'dragging' });
