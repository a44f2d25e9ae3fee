/**
 * The seek bar: a slider (role slider, aria-valuetext "1:33 of 4:05") over the played part and the
 * buffered ranges, with the time under the pointer shown above it. Pointer: press or drag seeks.
 * Keyboard, as sliders do: ←/→ 5 s, PageUp/PageDown 10 s, Home/End the ends.
 */
import { useRef, useState, type PointerEvent } from 'react'; // issue 34: seek (useRef)
import styled from 'styled-components';
import { LONG_SEEK_SECONDS, SHORT_SEEK_SECONDS } from '../../../machines/player-keymap';
import { formatDuration } from '../../format';
import { sliderKeyDown } from './slider-keys';
import { ChapterMarks, useSeekPreview } from './seek-preview'; // issue 34: seek

const Track = styled.div`
  position: relative;
  height: 18px;
  cursor: pointer;
  touch-action: none;
  outline: none;
  .rail {
    position: absolute;
    left: 0;
    right: 0;
    top: 7px;
    height: 4px;
    border-radius: 2px;
    background: rgba(255, 255, 255, 0.25);
    overflow: hidden;
    transition: transform 0.1s;
  }
  &:hover .rail,
  &:focus-visible .rail {
    transform: scaleY(1.5);
  }
  .buffered,
  .played {
    position: absolute;
    top: 0;
    bottom: 0;
  }
  .buffered {
    background: rgba(255, 255, 255, 0.45);
  }
  .played {
    left: 0;
    background: #f03;
  }
  /*
   * The thumb rides a carrier as wide as the track, moved by a transform (a percentage of its own
   * width, so of the track's): playing moves no box, so it costs no layout and the browser
   * reports no layout shift for it (issue 35: a watch page's shifts are its content's only).
   */
  .thumb-at {
    position: absolute;
    inset: 0;
    pointer-events: none;
  }
  .thumb {
    position: absolute;
    left: 0;
    top: 3px;
    width: 12px;
    height: 12px;
    margin-left: -6px;
    border-radius: 50%;
    background: #f03;
  }
  &:focus-visible .thumb {
    box-shadow: 0 0 0 3px #fff;
  }
  .hover-time {
    position: absolute;
    bottom: 22px;
    transform: translateX(-50%);
    padding: 2px 6px;
    border-radius: 4px;
    background: rgba(0, 0, 0, 0.8);
    font-size: 12px;
    pointer-events: none;
    white-space: nowrap;
  }
`;

const percent = (part: number, whole: number) => (whole > 0 ? `${(part / whole) * 100}%` : '0%');

export function seekValueText(current: number, duration: number): string {
  return `${formatDuration(current)} of ${formatDuration(duration)}`;
}

export function SeekBar({
  currentTime,
  duration,
  buffered,
  onSeek,
}: {
  currentTime: number;
  duration: number;
  buffered: Array<[number, number]>;
  onSeek: (seconds: number) => void;
}) {
  const [hover, setHover] = useState<{ x: number; time: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const track = useRef<HTMLDivElement>(null); // issue 34: seek
  const preview = useSeekPreview(() => track.current?.getBoundingClientRect().width ?? 0); // issue 34: seek

  const timeAt = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const x = Math.min(Math.max(0, e.clientX - box.left), box.width);
    return { x, time: box.width > 0 ? (x / box.width) * duration : 0 };
  };

  const onKeyDown = sliderKeyDown(
    {
      value: currentTime,
      min: 0,
      max: duration,
      step: SHORT_SEEK_SECONDS,
      pageStep: LONG_SEEK_SECONDS,
    },
    onSeek,
  );

  return (
    <Track
      role="slider"
      tabIndex={0}
      aria-label="Seek"
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(currentTime)}
      aria-valuetext={seekValueText(currentTime, duration)}
      data-testid="seek-bar"
      ref={track} // issue 34: seek
      onKeyDown={onKeyDown}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture?.(e.pointerId);
        setDragging(true);
        onSeek(timeAt(e).time);
        preview.press(timeAt(e).time); // issue 34: seek
      }}
      onPointerMove={(e) => {
        const at = timeAt(e);
        setHover(at);
        if (dragging) onSeek(at.time);
        preview.hover(at.time); // issue 34: seek
      }}
      onPointerUp={() => {
        setDragging(false);
        preview.release(); // issue 34: seek
      }}
      onPointerLeave={() => {
        setHover(null);
        preview.leave(); // issue 34: seek
      }}
    >
      <div className="rail">
        {buffered.map(([start, end]) => (
          <div
            key={start}
            className="buffered"
            data-testid="buffered-range"
            style={{ left: percent(start, duration), width: percent(end - start, duration) }}
          />
        ))}
        <div className="played" style={{ width: percent(currentTime, duration) }} />
        <ChapterMarks duration={duration} /> {/* issue 34: seek */}
      </div>
      {preview.render(duration) /* issue 34: seek */}
      <div
        className="thumb-at"
        style={{ transform: `translateX(${percent(currentTime, duration)})` }}
      >
        <div className="thumb" />
      </div>
      {hover && (
        <div className="hover-time" style={{ left: hover.x }} aria-hidden="true">
          {formatDuration(hover.time)}
        </div>
      )}
    </Track>
  );
}
