/**
 * Mute button and volume slider (role slider, aria-valuetext "55% volume" or "Muted"). The slider
 * takes ←/→ and ↑/↓ in 5 % steps, Home/End for 0 and 100 %, and a press or drag.
 */
import { type PointerEvent } from 'react';
import styled from 'styled-components';
import { VOLUME_STEP } from '../../../machines/player-keymap';
import { ControlButton } from './control-button';
import { MutedIcon, VolumeIcon } from './player-icons';
import { sliderKeyDown } from './slider-keys';

const Wrap = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
`;

const Slider = styled.div`
  position: relative;
  width: 64px;
  height: 24px;
  cursor: pointer;
  touch-action: none;
  outline: none;
  .rail {
    position: absolute;
    left: 0;
    right: 0;
    top: 10px;
    height: 4px;
    border-radius: 2px;
    background: rgba(255, 255, 255, 0.3);
  }
  .level {
    position: absolute;
    left: 0;
    top: 10px;
    height: 4px;
    border-radius: 2px;
    background: #fff;
  }
  .thumb {
    position: absolute;
    top: 6px;
    width: 12px;
    height: 12px;
    margin-left: -6px;
    border-radius: 50%;
    background: #fff;
  }
  &:focus-visible .thumb {
    box-shadow: 0 0 0 3px #3ea6ff;
  }
`;

export function VolumeControl({
  volume,
  muted,
  onToggleMute,
  onVolume,
}: {
  volume: number;
  muted: boolean;
  onToggleMute: () => void;
  onVolume: (volume: number) => void;
}) {
  const shown = muted ? 0 : volume;
  const at = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return box.width > 0 ? Math.min(Math.max(0, (e.clientX - box.left) / box.width), 1) : shown;
  };
  const onKeyDown = sliderKeyDown({ value: shown, min: 0, max: 1, step: VOLUME_STEP }, onVolume);
  return (
    <Wrap>
      <ControlButton label={muted ? 'Unmute (m)' : 'Mute (m)'} onClick={onToggleMute}>
        {muted || volume === 0 ? <MutedIcon /> : <VolumeIcon />}
      </ControlButton>
      <Slider
        role="slider"
        tabIndex={0}
        aria-label="Volume"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(shown * 100)}
        aria-valuetext={muted ? 'Muted' : `${Math.round(volume * 100)}% volume`}
        onKeyDown={onKeyDown}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture?.(e.pointerId);
          onVolume(at(e));
        }}
        onPointerMove={(e) => {
          if (e.buttons === 1) onVolume(at(e));
        }}
      >
        <div className="rail" />
        <div className="level" style={{ width: `${shown * 100}%` }} />
        <div className="thumb" style={{ left: `${shown * 100}%` }} />
      </Slider>
    </Wrap>
  );
}
