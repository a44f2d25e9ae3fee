/**
 * Text formatting shared by the video screens: view counts, relative ages, durations and byte
 * sizes. Pure functions, no React, so they are cheap to test and to reuse.
 */
import { VIEWS_MILLION, VIEWS_THOUSAND } from '../machines/constants';

/** Spec §3/§9: K from 1000, M from 1,000,000, one decimal ("1.5K", "2.0M"); below 1000 as is. */
export function formatViews(views: number): string {
  const n = Math.max(0, Math.floor(views));
  if (n >= VIEWS_MILLION) return `${(n / VIEWS_MILLION).toFixed(1)}M`;
  if (n >= VIEWS_THOUSAND) {
    const k = (n / VIEWS_THOUSAND).toFixed(1);
    // 999,950 would round to "1000.0K": users expect "1.0M" there.
    return k === '1000.0' ? `1.0M` : `${k}K`;
  }
  return String(n);
}

/**
 * A like button's accessible name, "Like, 4 likes" / "Like, 1.5K likes": it holds the count as the
 * button shows it, as a word of its own (not "(4"), so a person who says what they see (speech
 * input) names the button, and axe's label-content-name-mismatch rule finds the visible text in it.
 */
export function likeButtonLabel(count: number): string {
  return `Like, ${formatViews(count)} ${count === 1 ? 'like' : 'likes'}`;
}

/** "1.5K views", with the singular for exactly one view. */
export function formatViewCount(views: number): string {
  return `${formatViews(views)} ${views === 1 ? 'view' : 'views'}`;
}

const UNITS: ReadonlyArray<readonly [string, number]> = [
  // Spec §3 lists exactly these units (no months): 2 months read "8 weeks ago".
  ['year', 365 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** Under this age a date reads "just now": a label that counts seconds is stale at once. */
const JUST_NOW_SECONDS = 60;

/**
 * "3 days ago", "1 year ago"; under a minute (and dates in the future, from clock skew) "just
 * now", as on the largest video sites: "1 second ago" was still on screen 18 s later and a new
 * comment read "0 seconds ago" (issue 22). Views refresh these labels every minute (RelativeTime).
 */
export function formatAge(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.max(0, Math.floor((now - then) / 1000));
  if (seconds < JUST_NOW_SECONDS) return 'just now';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) {
      const count = Math.floor(seconds / size);
      return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
    }
  }
  return 'just now';
}

let fullDate: Intl.DateTimeFormat | null = null;

/**
 * A date in full for a tooltip ("Nov 26, 2026, 9:59 AM" in the reader's locale). One formatter for
 * the page, made on first use; the first costs ~30 ms in Chromium (ICU's locale data), so callers
 * ask only when the date is about to be shown.
 */
export function formatFullDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  fullDate ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return fullDate.format(date);
}

/**
 * Spec: m:ss ("0:07", "12:05"). A video of an hour or more reads h:mm:ss ("1:02:03"), as on
 * every video site, rather than "62:03".
 */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`;
  return `${minutes}:${seconds}`;
}

/** "1 subscriber", "1.2K subscribers". */
export function formatSubscribers(count: number): string {
  return `${formatViews(count)} ${count === 1 ? 'subscriber' : 'subscribers'}`;
}
