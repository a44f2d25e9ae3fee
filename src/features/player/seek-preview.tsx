/**
 * The seek bar's additions of issue 34, kept out of seek-bar.tsx: the preview over the bar while
 * hovering or dragging (machines/seek-preview.machine.ts: the moment's tile from the sprite
 * sheet, with the time and the chapter), the chapter marks on the rail, and the current chapter's
 * title beside the time. All come from the watch page (components/watch-seek.tsx); elsewhere
 * there is nothing to add.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import styled from 'styled-components';
import { chapterAt } from '../../../machines/chapters';
import { seekPreviewMachine, selectPreview } from '../../../machines/seek-preview.machine';
import { seekPreviewActors } from '../../api/seek-previews';
import { usePageActors } from '../../actors';
import { useWatchSeek } from '../../components/watch-seek';
import { formatDuration } from '../../format';

/** The tile's size on phones, against its 160 px (media/previews/keys.ts). */
const PHONE_TILE_SCALE = 0.6;

const Tile = styled.div`
  position: absolute;
  bottom: 46px;
  transform: translateX(-50%);
  border: 2px solid #fff;
  border-radius: 6px;
  background-color: #000;
  background-repeat: no-repeat;
  pointer-events: none;
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.6);
  transform-origin: bottom center;
  /*
   * Phones: a 160 px tile would reach almost to the top of a 200 px tall player, over the resume
   * notice (resume-notice.tsx docks at the top there): drawn at 60 %, above the bar as before,
   * with its chapter title kept at full size.
   */
  @media (max-width: 520px) {
    transform: translateX(-50%) scale(${PHONE_TILE_SCALE});
    & > div {
      transform: translateX(-50%) scale(${1 / PHONE_TILE_SCALE});
      transform-origin: bottom center;
    }
  }
`;

const Caption = styled.div`
  position: absolute;
  bottom: 46px;
  transform: translateX(-50%);
  padding: 2px 6px;
  font-size: 12px;
  font-weight: 600;
  pointer-events: none;
  white-space: nowrap;
  text-shadow: 0 1px 2px #000;
`;

const Mark = styled.div`
  position: absolute;
  top: 0;
  bottom: 0;
  width: 3px;
  margin-left: -1px;
  background: rgba(0, 0, 0, 0.7);
  z-index: 1;
`;

/** The pointer handlers the seek bar calls, and what it renders for the preview. */
export function useSeekPreview(barWidth: () => number) {
  const watch = useWatchSeek();
  const actors = usePageActors(seekPreviewActors);
  const machine = useMemo(() => seekPreviewMachine.provide({ actors }), [actors]);
  const actor = useActorRef(machine, { input: { mapUrl: watch?.previews ?? null } });
  const preview = useSelector(actor, selectPreview);
  const chapters = watch?.chapters ?? [];
  return {
    hover: (time: number) => actor.send({ type: 'HOVER', time }),
    move: (time: number) => actor.send({ type: 'MOVE', time }),
    press: (time: number) => actor.send({ type: 'PRESS', time }),
    release: () => actor.send({ type: 'RELEASE' }),
    leave: () => actor.send({ type: 'LEAVE' }),
    render: (duration: number) => {
      if (!preview || !watch) return null;
      const { tile, time } = preview;
      const width = barWidth();
      const x = duration > 0 ? (time / duration) * width : 0;
      const half = (tile?.width ?? 0) / 2 + 4;
      const left = Math.min(Math.max(x, half), Math.max(half, width - half));
      const chapter = chapterAt(chapters, time)?.title;
      return tile ? (
        <Tile
          data-testid="seek-preview"
          aria-hidden="true"
          style={{
            left,
            width: tile.width,
            height: tile.height,
            backgroundImage: `url("${tile.sprite}")`,
            backgroundPosition: `-${tile.x}px -${tile.y}px`,
          }}
        >
          {chapter && <Caption style={{ left: '50%', bottom: '100%' }}>{chapter}</Caption>}
        </Tile>
      ) : chapter ? (
        <Caption style={{ left }} aria-hidden="true">
          {chapter} · {formatDuration(time)}
        </Caption>
      ) : null;
    },
  };
}

/** Gaps in the rail where each chapter after the first begins. */
export function ChapterMarks({ duration }: { duration: number }) {
  const watch = useWatchSeek();
  if (!watch || duration <= 0) return null;
  return (
    <>
      {watch.chapters
        .slice(1)
        .map((chapter) =>
          chapter.start < duration ? (
            <Mark
              key={chapter.start}
              data-testid="chapter-mark"
              style={{ left: `${(chapter.start / duration) * 100}%` }}
            />
          ) : null,
        )}
    </>
  );
}

/** "• Intro" beside the time: the chapter playing now. */
export function CurrentChapter({ currentTime }: { currentTime: number }) {
  const watch = useWatchSeek();
  const chapter = watch ? chapterAt(watch.chapters, currentTime) : null;
  if (!chapter) return null;
  return (
    <span className="time" data-testid="current-chapter">
      • {chapter.title}
    </span>
  );
}
