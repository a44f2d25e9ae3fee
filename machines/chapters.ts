/**
 * Chapters and timestamps in text (issue 34), pure so that the server could share them:
 * - a timestamp is `m:ss`, `mm:ss` or `h:mm:ss` standing alone (not inside a longer number or
 *   word), e.g. `1:23`, `01:02:03`;
 * - a description has chapters when at least CHAPTERS_MIN lines begin with a timestamp and a
 *   title, the first at 0:00 and each later than the one before (as on the largest video site);
 *   otherwise it has none, and its timestamps are still links.
 */

export const CHAPTERS_MIN = 3;

export interface Chapter {
  /** Seconds where it starts. */
  start: number;
  title: string;
}

/** A piece of text: plain, or a timestamp that seeks to `seconds`. */
export type TextPart = { text: string } | { text: string; seconds: number };

const STAMP = /(?<![\w:])(?:(\d{1,2}):)?(\d{1,2}):(\d{2})(?![\w:])/g;
const LINE = /^\s*(?:(\d{1,2}):)?(\d{1,2}):(\d{2})\s*(?:[-–—:|.)]\s*)?(\S.*?)\s*$/;

function toSeconds(h: string | undefined, m: string, s: string): number | null {
  const minutes = Number(m);
  const seconds = Number(s);
  if (seconds > 59 || (h !== undefined && minutes > 59)) return null;
  return Number(h ?? 0) * 3600 + minutes * 60 + seconds;
}

/** Splits text into plain parts and timestamp links (`1:23` → 83 s). */
export function timestampParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(STAMP)) {
    const seconds = toSeconds(match[1], match[2]!, match[3]!);
    if (seconds === null) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[0], seconds });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The chapters of a description, or [] when its lines do not make them. */
export function parseChapters(description: string): Chapter[] {
  const chapters: Chapter[] = [];
  for (const line of description.split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const start = toSeconds(match[1], match[2]!, match[3]!);
    if (start === null) continue;
    chapters.push({ start, title: match[4]! });
  }
  if (chapters.length < CHAPTERS_MIN || chapters[0]!.start !== 0) return [];
  for (let i = 1; i < chapters.length; i++) {
    if (chapters[i]!.start <= chapters[i - 1]!.start) return [];
  }
  return chapters;
}

/** The chapter playing at `seconds` (the last one started), or null without chapters. */
export function chapterAt(chapters: readonly Chapter[], seconds: number): Chapter | null {
  let current: Chapter | null = null;
  for (const chapter of chapters) {
    if (chapter.start <= seconds) current = chapter;
    else break;
  }
  return current;
}
