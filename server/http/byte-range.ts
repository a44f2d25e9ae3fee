/**
 * The Range header of a media request (RFC 9110 §14): one byte range, or the whole file. Several
 * ranges are answered with the whole file (a server may ignore Range), as players never ask for
 * more than one.
 */

export type RangeAnswer =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  /** Nothing in the file matches (or the header cannot be read): 416 with the size. */
  | { kind: 'unsatisfiable' };

const SINGLE = /^(\d*)-(\d*)$/;

export function byteRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const eq = header.indexOf('=');
  // Another unit (items=0-5) is not ours to read: the whole file, as if no Range were sent.
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return { kind: 'whole' };
  const specs = header.slice(eq + 1).split(',');
  if (specs.length > 1) return { kind: 'whole' };
  const match = SINGLE.exec(specs[0]!.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'unsatisfiable' };
  const [, first, last] = match;
  if (first === '') {
    // bytes=-N: the last N bytes.
    const length = Math.min(Number(last), size);
    return length > 0
      ? { kind: 'part', start: size - length, end: size - 1 }
      : { kind: 'unsatisfiable' };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || start > end) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}
