/**
 * Where a suggestion matches what is typed, for showing the typed part plain and the completion
 * bold (as the large video sites do). Case and accents are ignored, as the server ignores them:
 * "creme" matches the "Crème" of "Crème brûlée".
 */

/** One part of a suggestion's text; `typed` parts are what the user typed. */
export interface MatchPart {
  text: string;
  typed: boolean;
}

const foldChar = (c: string) => c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Splits `text` around the first place `typed` matches it: at its start, else at the start of a
 * word. The whole text is one completion part when it does not match.
 */
export function matchParts(text: string, typed: string): MatchPart[] {
  const needle = typed.trim().replace(/\s+/gu, ' ').split('').map(foldChar).join('');
  if (needle === '') return [{ text, typed: false }];
  // The folded text with, for each folded position, where it came from in `text`.
  const chars = Array.from(text);
  let folded = '';
  const origin: number[] = [];
  let offset = 0;
  for (const c of chars) {
    const f = foldChar(c);
    for (let i = 0; i < f.length; i++) origin.push(offset);
    folded += f;
    offset += c.length;
  }
  origin.push(text.length);
  let at = folded.startsWith(needle) ? 0 : -1;
  for (let i = folded.indexOf(needle); at < 0 && i >= 0; i = folded.indexOf(needle, i + 1)) {
    if (/[^\p{L}\p{N}]/u.test(folded[i - 1] ?? ' ')) at = i;
  }
  if (at < 0) return [{ text, typed: false }];
  const start = origin[at]!;
  const end = origin[at + needle.length]!;
  return [
    { text: text.slice(0, start), typed: false },
    { text: text.slice(start, end), typed: true },
    { text: text.slice(end), typed: false },
  ].filter((part) => part.text !== '');
}
