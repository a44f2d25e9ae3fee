/**
 * Reads a caption file (WebVTT or SubRip) strictly and writes it back as WebVTT. Pure: no I/O.
 *
 * Written here rather than taken from a package (DESIGN.md suggests media-captions or subtitle):
 * neither is installed, this work tree may not install packages, and both are lenient readers
 * (they skip a broken cue and go on) while the issue wants a broken file refused with a reason.
 * What is refused, each with the cue's number in the message:
 * - neither format (no `WEBVTT` header, no SubRip first cue), not UTF-8, no cues, too many cues;
 * - a timing line that does not parse, an end not after its start, a cue starting before the
 *   cue before it (backwards times; overlapping cues in order are fine: two speakers);
 * - markup other than WebVTT's cue spans b, i, u, c, v, lang, ruby, rt and timestamp tags
 *   (`<script>`, `<font>`, `<img>`…), a `<` that opens no tag, text over the per-cue limit.
 * STYLE and REGION blocks and NOTE comments are dropped (a site's captions are styled by its
 * player, and STYLE's CSS is markup); cue settings (`align:start line:0`) are kept when well
 * formed. SubRip's `&` is escaped, as WebVTT's text needs.
 */
import { CAPTION_LIMITS } from '../../contract/captions.js';

export interface Cue {
  start: number;
  end: number;
  settings: string;
  text: string;
}

export class CaptionProblem extends Error {}

const fail = (message: string): never => {
  throw new CaptionProblem(message);
};

const TIME = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)[.,](\d{3})$/;
const SETTING = /^(vertical|line|position|size|align|region):[A-Za-z0-9%.,_-]+$/;
const ALLOWED_TAGS = new Set(['b', 'i', 'u', 'c', 'v', 'lang', 'ruby', 'rt']);
const ALLOWED_NAMES = 'b, i, u, c, v, lang, ruby, rt';

function seconds(text: string, cue: number): number {
  const m = TIME.exec(text.trim());
  if (!m) return fail(`Cue ${cue}: "${text.trim().slice(0, 30)}" is not a time like 00:01:02.500`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/** `00:01:02.500` (WebVTT always with hours, so every player reads it). */
export function vttTime(value: number): string {
  const ms = Math.round(value * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

function checkMarkup(text: string, cue: number): void {
  const tags = /<(\/?)([^<>\s./]*)([^<>]*)>/g;
  const withoutTags = text.replace(tags, (_whole, close: string, name: string, rest: string) => {
    const tag = name.toLowerCase();
    const isTimestamp = !close && TIME.test(name + rest);
    if (!isTimestamp && !ALLOWED_TAGS.has(tag)) {
      fail(`Cue ${cue}: the tag <${tag}> is not allowed in captions (only ${ALLOWED_NAMES})`);
    }
    return '';
  });
  if (withoutTags.includes('<')) fail(`Cue ${cue}: a "<" opens no tag (write it as &lt;)`);
}

function timing(line: string, cue: number): Pick<Cue, 'start' | 'end' | 'settings'> {
  const [left = '', right] = line.split('-->');
  if (right === undefined) return fail(`Cue ${cue}: its timing line has no "-->"`);
  const [endText = '', ...settings] = right.trim().split(/\s+/);
  const start = seconds(left, cue);
  const end = seconds(endText, cue);
  if (end <= start) fail(`Cue ${cue}: it ends (${endText}) before it starts (${left.trim()})`);
  const bad = settings.find((s) => !SETTING.test(s));
  if (bad !== undefined) fail(`Cue ${cue}: "${bad.slice(0, 30)}" is not a cue setting`);
  return { start, end, settings: settings.join(' ') };
}

function cueOf(timingLine: string, lines: string[], cue: number, srt: boolean): Cue {
  const text = lines.join('\n').replace(/\s+$/, '');
  if (text.length > CAPTION_LIMITS.cueChars) {
    fail(`Cue ${cue}: its text is longer than ${CAPTION_LIMITS.cueChars} characters`);
  }
  checkMarkup(text, cue);
  return {
    ...timing(timingLine, cue),
    text: srt ? text.replace(/&(?![a-zA-Z]+;|#\d+;|#x[0-9a-fA-F]+;)/g, '&amp;') : text,
  };
}

function blocksOf(text: string): string[][] {
  return text
    .split(/\n{2,}/)
    .map((block) => block.split('\n'))
    .filter((lines) => lines.some((l) => l.trim() !== ''));
}

function webVttCues(blocks: string[][]): Cue[] {
  const cues: Cue[] = [];
  for (const lines of blocks.slice(1)) {
    const first = lines[0] ?? '';
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(first)) continue;
    const at = first.includes('-->') ? 0 : 1;
    const line = lines[at] ?? '';
    if (!line.includes('-->'))
      fail(`Cue ${cues.length + 1}: no timing line (00:00:01.000 --> 00:00:02.000)`);
    cues.push(cueOf(line, lines.slice(at + 1), cues.length + 1, false));
  }
  return cues;
}

function subRipCues(blocks: string[][]): Cue[] {
  return blocks.map((lines, i) => {
    const at = /^\d+$/.test((lines[0] ?? '').trim()) ? 1 : 0;
    const line = lines[at] ?? '';
    if (!line.includes('-->')) fail(`Cue ${i + 1}: no timing line (00:00:01,000 --> 00:00:02,000)`);
    return cueOf(line, lines.slice(at + 1), i + 1, true);
  });
}

/** Reads the bytes of a caption file; throws CaptionProblem with a reason people can act on. */
export function parseCaptions(bytes: Uint8Array): Cue[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return fail('The file is not UTF-8 text');
  }
  text = text.replace(/\r\n?/g, '\n');
  const blocks = blocksOf(text);
  const isVtt = /^WEBVTT([ \t].*)?$/.test(text.split('\n')[0] ?? '');
  const looksSrt = !isVtt && (blocks[0] ?? []).slice(0, 2).some((l) => l.includes('-->'));
  if (!isVtt && !looksSrt) fail('The file is neither WebVTT nor SubRip');
  const cues = isVtt ? webVttCues(blocks) : subRipCues(blocks);
  if (cues.length === 0) fail('The file holds no cues');
  if (cues.length > CAPTION_LIMITS.cues)
    fail(`The file holds more than ${CAPTION_LIMITS.cues} cues`);
  cues.forEach((cue, i) => {
    const before = cues[i - 1];
    if (before && cue.start < before.start) {
      fail(`Cue ${i + 1}: it starts before cue ${i} (times must not run backwards)`);
    }
  });
  return cues;
}

/** The cues as a WebVTT file. */
export function toWebVtt(cues: Cue[]): string {
  const body = cues.map((cue) => {
    const settings = cue.settings ? ` ${cue.settings}` : '';
    return `${vttTime(cue.start)} --> ${vttTime(cue.end)}${settings}\n${cue.text}`;
  });
  return `WEBVTT\n\n${body.join('\n\n')}\n`;
}
