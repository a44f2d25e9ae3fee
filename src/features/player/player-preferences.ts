/**
 * What the player remembers per browser (issue 23): volume, mute, speed, quality, theater
 * mode, the Autoplay switch (issue 31) and the captions language (issue 34), in localStorage under one key. Quality is kept as a height (720), not an hls.js level
 * index, because each video has its own ladder: the next video plays the same height or the
 * nearest below it. Unreadable or foreign values fall back to the defaults, and a browser that
 * refuses storage (private mode, quota) simply remembers nothing.
 */
import { PLAYBACK_SPEEDS } from '../../../machines/player-keymap';

export const PREFERENCES_KEY = 'vidtube.player';

export interface PlayerPreferences {
  /** 0…1. */
  volume: number;
  muted: boolean;
  speed: number;
  /** A rendition height, or null for Auto. */
  quality: number | null;
  theater: boolean;
  /** Play the first of Up next when the video ends (on by default, as on the largest site). */
  autoplay: boolean;
  /** Issue 34: the captions language shown last (BCP 47), null when captions are off. */
  captions: string | null;
}

export const DEFAULT_PREFERENCES: PlayerPreferences = {
  volume: 1,
  muted: false,
  speed: 1,
  quality: null,
  theater: false,
  autoplay: true,
  captions: null,
};

const isSpeed = (v: unknown): v is number =>
  typeof v === 'number' && (PLAYBACK_SPEEDS as readonly number[]).includes(v);

export function readPreferences(): PlayerPreferences {
  try {
    const raw = JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}') as Record<
      string,
      unknown
    >;
    const d = DEFAULT_PREFERENCES;
    return {
      volume:
        typeof raw.volume === 'number' && raw.volume >= 0 && raw.volume <= 1
          ? raw.volume
          : d.volume,
      muted: typeof raw.muted === 'boolean' ? raw.muted : d.muted,
      speed: isSpeed(raw.speed) ? raw.speed : d.speed,
      quality:
        typeof raw.quality === 'number' && Number.isInteger(raw.quality) && raw.quality > 0
          ? raw.quality
          : null,
      theater: typeof raw.theater === 'boolean' ? raw.theater : d.theater,
      autoplay: typeof raw.autoplay === 'boolean' ? raw.autoplay : d.autoplay,
      captions:
        typeof raw.captions === 'string' && /^[A-Za-z0-9-]{2,12}$/.test(raw.captions)
          ? raw.captions
          : null,
    };
  } catch {
    return { ...DEFAULT_PREFERENCES };
  }
}

export function savePreferences(change: Partial<PlayerPreferences>): void {
  try {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ ...readPreferences(), ...change }));
  } catch {
    // Storage refused: this browser just does not remember.
  }
}
