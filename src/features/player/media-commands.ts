/**
 * Applies a player command (machines/player-keymap.ts) to the <video> and says what happened, in
 * the words a screen reader announces ("Volume 55%", "Forward 10 seconds"). Seeks stay inside the
 * video; volume moves in steps and unmutes when raised, as on the large sites.
 */
import { PLAYBACK_SPEEDS, stepSpeed, type PlayerCommand } from '../../../machines/player-keymap';
import { formatDuration } from '../../format';

export const speedLabel = (rate: number) => (rate === 1 ? 'Normal' : `${rate}×`);

const round = (n: number) => Math.round(n * 100) / 100;

/** Starts playback; a refusal (no gesture yet, or jsdom) is not an error worth more than a log. */
export function play(video: HTMLVideoElement): void {
  const started = video.play() as Promise<void> | undefined;
  started?.catch(() => undefined);
}

export function seekTo(video: HTMLVideoElement, seconds: number): void {
  const end = Number.isFinite(video.duration) ? video.duration : seconds;
  video.currentTime = Math.min(Math.max(0, seconds), end);
}

export function setVolume(video: HTMLVideoElement, volume: number): void {
  video.volume = round(Math.min(Math.max(0, volume), 1));
  video.muted = video.volume === 0;
}

export function setSpeed(video: HTMLVideoElement, rate: number): void {
  if ((PLAYBACK_SPEEDS as readonly number[]).includes(rate)) video.playbackRate = rate;
}

/** Does the command; returns the announcement, or null when there is nothing to say. */
export function applyMediaCommand(video: HTMLVideoElement, command: PlayerCommand): string | null {
  switch (command.type) {
    case 'togglePlay':
      if (video.paused || video.ended) {
        play(video);
        return 'Play';
      }
      video.pause();
      return 'Pause';
    case 'seekBy': {
      seekTo(video, video.currentTime + command.seconds);
      const amount = Math.abs(command.seconds);
      return `${command.seconds < 0 ? 'Back' : 'Forward'} ${amount} seconds`;
    }
    case 'seekToFraction':
      if (!Number.isFinite(video.duration)) return null;
      seekTo(video, video.duration * command.fraction);
      return `${Math.round(command.fraction * 100)} %, ${formatDuration(video.currentTime)}`;
    case 'volumeBy':
      setVolume(video, (video.muted ? 0 : video.volume) + command.delta);
      return `Volume ${Math.round(video.volume * 100)}%`;
    case 'toggleMute':
      video.muted = !video.muted;
      if (!video.muted && video.volume === 0) video.volume = 0.5;
      return video.muted ? 'Muted' : 'Unmuted';
    case 'speedStep':
      setSpeed(video, stepSpeed(video.playbackRate, command.direction));
      return `Speed ${speedLabel(video.playbackRate)}`;
    default:
      // Full screen, theater, captions and the dialog are the machine's, not the element's.
      return null;
  }
}
