/**
 * The control bar inside the player (issue 23): the seek bar over one row of controls: play or
 * pause, volume, time; then speed, quality ("Auto (720p)", then each rendition), the shortcuts
 * list, theater mode and full screen. Everything here is a real button, menu or slider with its
 * accessible name; the bar only renders what the player (video-player.tsx) hands it.
 */
import styled from 'styled-components';
import { PLAYBACK_SPEEDS } from '../../../machines/player-keymap';
import type { PlayerMenu as MenuName } from '../../../machines/player-chrome.machine';
import type { Caption } from '../../../contract/captions';
import { formatDuration } from '../../format';
import { ControlButton } from './control-button';
import { AUTO_LEVEL, type Rendition } from './hls-playback';
import { speedLabel } from './media-commands';
import {
  DefaultViewIcon,
  ExitFullscreenIcon,
  FullscreenIcon,
  KeyboardIcon,
  PauseIcon,
  PlayIcon,
  TheaterIcon,
} from './player-icons';
import { PlayerMenu } from './player-menu';
import { SeekBar } from './seek-bar';
import { CurrentChapter } from './seek-preview'; // issue 34: seek
import type { MediaState } from './use-media-state';
import { VolumeControl } from './volume-control';

const Bar = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  padding: 24px 12px 4px;
  background: linear-gradient(transparent, rgba(0, 0, 0, 0.75));
  color: #fff;
  transition: opacity 0.25s;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 2px;
  .time {
    margin-left: 8px;
    font-size: 13px;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .spacer {
    flex: 1;
  }
  /* Phones: the volume slider, shortcuts and theater give way (hardware keys, one column). */
  @media (max-width: 520px) {
    [role='slider'][aria-label='Volume'],
    .keys,
    .theater {
      display: none;
    }
  }
`;

/** CC, underlined in red while captions show (as the largest player marks it). */
const CcText = styled.span<{ $on: boolean }>`
  font-size: 13px;
  font-weight: 700;
  letter-spacing: 0.5px;
  padding: 0 3px;
  border: 2px solid #fff;
  border-radius: 3px;
  box-shadow: ${({ $on }) => ($on ? 'inset 0 -3px 0 #f03' : 'none')};
`;

const captionLabel = (captions: Caption[], language: string | null) =>
  captions.find((c) => c.language === language)?.label ?? 'Off';

export function qualityText(level: number, renditions: Rendition[], playingHeight: number | null) {
  if (level !== AUTO_LEVEL) return renditions.find((r) => r.level === level)?.name ?? 'Auto';
  return playingHeight ? `Auto (${playingHeight}p)` : 'Auto';
}

export interface ControlBarProps {
  media: MediaState;
  shown: boolean;
  openMenu: MenuName | null;
  fullscreen: boolean;
  theater: boolean;
  renditions: Rendition[];
  level: number;
  playingHeight: number | null;
  onTogglePlay: () => void;
  onSeek: (seconds: number) => void;
  onToggleMute: () => void;
  onVolume: (volume: number) => void;
  onMenu: (menu: MenuName | null) => void;
  onSpeed: (rate: number) => void;
  onQuality: (level: number) => void;
  onShortcuts: () => void;
  onTheater: () => void;
  onFullscreen: () => void;
  onHold: (held: boolean) => void;
  /** Issue 34: the video's captions, the one shown (null: off), CC and the subtitles menu. */
  captions: Caption[];
  captionLanguage: string | null;
  onToggleCaptions: () => void;
  onCaptions: (language: string | null) => void;
}

/** The subtitles menu's "Off" entry (a menu value cannot be null). */
const CAPTIONS_OFF = 'off';

export function ControlBar(p: ControlBarProps) {
  const { media } = p;
  const playing = !media.paused && !media.ended;
  const quality = qualityText(p.level, p.renditions, p.playingHeight);
  return (
    <Bar
      data-testid="player-controls"
      style={{ opacity: p.shown ? 1 : 0 }}
      onPointerEnter={() => p.onHold(true)}
      onPointerLeave={() => p.onHold(false)}
      onFocus={() => p.onHold(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) p.onHold(false);
      }}
    >
      <SeekBar
        currentTime={media.currentTime}
        duration={media.duration}
        buffered={media.buffered}
        onSeek={p.onSeek}
      />
      <Row>
        <ControlButton label={playing ? 'Pause (k)' : 'Play (k)'} onClick={p.onTogglePlay}>
          {playing ? <PauseIcon /> : <PlayIcon />}
        </ControlButton>
        <VolumeControl
          volume={media.volume}
          muted={media.muted}
          onToggleMute={p.onToggleMute}
          onVolume={p.onVolume}
        />
        <span className="time" data-testid="player-time">
          {formatDuration(media.currentTime)} / {formatDuration(media.duration)}
        </span>
        <CurrentChapter currentTime={media.currentTime} /> {/* issue 34: seek */}
        <span className="spacer" />
        {p.captions.length > 0 && (
          <>
            <ControlButton
              className="cc"
              label="Subtitles/closed captions (c)"
              aria-pressed={p.captionLanguage !== null}
              onClick={p.onToggleCaptions}
            >
              <CcText $on={p.captionLanguage !== null}>CC</CcText>
            </ControlButton>
            <PlayerMenu
              name="Subtitles"
              buttonText={p.captionLanguage ?? 'Off'}
              buttonLabel={`Subtitles: ${captionLabel(p.captions, p.captionLanguage)}`}
              open={p.openMenu === 'captions'}
              options={[
                { value: CAPTIONS_OFF, label: 'Off' },
                ...p.captions.map((c) => ({ value: c.language, label: c.label })),
              ]}
              value={p.captionLanguage ?? CAPTIONS_OFF}
              onToggle={() => p.onMenu('captions')}
              onClose={() => p.onMenu(null)}
              onChoose={(value) => p.onCaptions(value === CAPTIONS_OFF ? null : value)}
            />
          </>
        )}
        <PlayerMenu
          name="Playback speed"
          buttonText={`${media.rate}×`}
          // The visible text is part of the name (speech input users say what they see).
          buttonLabel={`Playback speed: ${media.rate}×`}
          open={p.openMenu === 'speed'}
          options={PLAYBACK_SPEEDS.map((rate) => ({ value: rate, label: speedLabel(rate) }))}
          value={media.rate}
          onToggle={() => p.onMenu('speed')}
          onClose={() => p.onMenu(null)}
          onChoose={p.onSpeed}
        />
        {p.renditions.length > 1 && (
          <PlayerMenu
            name="Quality"
            buttonText={quality}
            buttonLabel={`Quality: ${quality}`}
            open={p.openMenu === 'quality'}
            options={[
              { value: AUTO_LEVEL, label: p.playingHeight ? `Auto (${p.playingHeight}p)` : 'Auto' },
              ...p.renditions.map((r) => ({ value: r.level, label: r.name })),
            ]}
            value={p.level}
            onToggle={() => p.onMenu('quality')}
            onClose={() => p.onMenu(null)}
            onChoose={p.onQuality}
          />
        )}
        <ControlButton className="keys" label="Keyboard shortcuts (?)" onClick={p.onShortcuts}>
          <KeyboardIcon />
        </ControlButton>
        {!p.fullscreen && (
          <ControlButton
            className="theater"
            label={p.theater ? 'Default view (t)' : 'Theater mode (t)'}
            onClick={p.onTheater}
          >
            {p.theater ? <DefaultViewIcon /> : <TheaterIcon />}
          </ControlButton>
        )}
        <ControlButton
          label={p.fullscreen ? 'Exit full screen (f)' : 'Full screen (f)'}
          onClick={p.onFullscreen}
        >
          {p.fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
        </ControlButton>
      </Row>
    </Bar>
  );
}
