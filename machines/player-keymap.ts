/**
 * The watch page's keyboard shortcuts, as on the largest video sites: a pure map from a key press
 * to a player command, and the table the shortcuts dialog and docs/player.md show. Which presses
 * reach this map (not while typing in a field, nor inside a dialog or menu) is the view's call
 * (src/features/player/use-player-keys.ts); what a command does is the player machine's
 * (player-controls.machine.ts) and the media element's.
 */

/** What a shortcut asks of the player. */
export type PlayerCommand =
  | { type: 'togglePlay' }
  | { type: 'seekBy'; seconds: number }
  | { type: 'seekToFraction'; fraction: number }
  | { type: 'volumeBy'; delta: number }
  | { type: 'toggleMute' }
  | { type: 'toggleFullscreen' }
  | { type: 'toggleTheater' }
  | { type: 'toggleCaptions' }
  | { type: 'speedStep'; direction: 1 | -1 }
  | { type: 'showShortcuts' };

/** The parts of a KeyboardEvent the map reads (so tests need no DOM). */
export interface KeyPress {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/** The speeds of the speed menu and of < and >. */
export const PLAYBACK_SPEEDS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** j / l, as on the largest sites. */
export const LONG_SEEK_SECONDS = 10;
/** ← / → (and the seek slider's arrows). */
export const SHORT_SEEK_SECONDS = 5;
/** ↑ / ↓ (and the volume slider's arrows): a twentieth of the range. */
export const VOLUME_STEP = 0.05;

const plain: Record<string, PlayerCommand> = {
  k: { type: 'togglePlay' },
  ' ': { type: 'togglePlay' },
  j: { type: 'seekBy', seconds: -LONG_SEEK_SECONDS },
  l: { type: 'seekBy', seconds: LONG_SEEK_SECONDS },
  ArrowLeft: { type: 'seekBy', seconds: -SHORT_SEEK_SECONDS },
  ArrowRight: { type: 'seekBy', seconds: SHORT_SEEK_SECONDS },
  ArrowUp: { type: 'volumeBy', delta: VOLUME_STEP },
  ArrowDown: { type: 'volumeBy', delta: -VOLUME_STEP },
  m: { type: 'toggleMute' },
  f: { type: 'toggleFullscreen' },
  t: { type: 'toggleTheater' },
  c: { type: 'toggleCaptions' },
  // Shift+, and Shift+. arrive as their characters on every layout that has them.
  '<': { type: 'speedStep', direction: -1 },
  '>': { type: 'speedStep', direction: 1 },
  '?': { type: 'showShortcuts' },
};

/** The command of a key press, or null when the press is not a player shortcut. */
export function commandForKey(press: KeyPress): PlayerCommand | null {
  // Browser and system shortcuts (Ctrl+L, Cmd+F …) stay theirs.
  if (press.ctrlKey || press.altKey || press.metaKey) return null;
  if (/^[0-9]$/.test(press.key)) {
    return { type: 'seekToFraction', fraction: Number(press.key) / 10 };
  }
  // Caps Lock or Shift with a letter still means the letter (K = k), as on the large sites.
  const key =
    press.key.length === 1 && /[a-z]/i.test(press.key) ? press.key.toLowerCase() : press.key;
  // Shift+/ is '?' on most layouts; a layout that reports '/' with Shift means the same.
  if (key === '/' && press.shiftKey) return plain['?'] ?? null;
  return plain[key] ?? null;
}

/** The next speed up or down the menu's list, staying at its ends. */
export function stepSpeed(current: number, direction: 1 | -1): number {
  const speeds: readonly number[] = PLAYBACK_SPEEDS;
  const at = speeds.findIndex((s) => s >= current - 1e-9);
  const index = at === -1 ? speeds.length - 1 : at;
  // Between two listed speeds, "up" is the next one above and "down" the one below.
  const exact = Math.abs((speeds[index] ?? current) - current) < 1e-9;
  const next = direction === 1 ? (exact ? index + 1 : index) : index - 1;
  return speeds[Math.min(Math.max(next, 0), speeds.length - 1)] ?? current;
}

/** The shortcuts dialog's table (and docs/player.md's). */
export const SHORTCUTS: ReadonlyArray<{ keys: string; action: string }> = [
  { keys: 'k or Space', action: 'Play or pause' },
  { keys: 'j / l', action: 'Back / forward 10 seconds' },
  { keys: '← / →', action: 'Back / forward 5 seconds' },
  { keys: '↑ / ↓', action: 'Volume up / down' },
  { keys: 'm', action: 'Mute or unmute' },
  { keys: 'f', action: 'Full screen' },
  { keys: 't', action: 'Theater mode' },
  { keys: 'c', action: 'Captions (when the video has them)' },
  { keys: '0 … 9', action: 'Jump to 0 % … 90 % of the video' },
  { keys: '< / >', action: 'Slower / faster' },
  { keys: 'Shift + /', action: 'Show these shortcuts' },
];
