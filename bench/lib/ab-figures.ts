/**
 * Reads the figures out of a `npm run bench` output (its final table, lib/table.ts), for the A/B
 * comparison of two builds (bench/ab.ts). It reads the printed text rather than structured data
 * because the baseline is an older build, which prints the same table and nothing else.
 */

export interface Figure {
  /** Stable across runs: the bench, the metric without its parenthesized counts, the part. */
  key: string;
  value: number;
  unit: string;
  /** Whether a larger value is better (throughput), or a smaller one (time, memory, bytes). */
  higherIsBetter: boolean;
}

interface Cells {
  bench: string;
  metric: string;
  value: string;
}

/**
 * Counts that differ between runs (results found, requests made, each sample) live in
 * parentheses with digits; a parenthesized label without any, `(signed in)`, names the figure.
 */
const withoutCounts = (text: string) => text.replace(/\s*\([^)]*\d[^)]*\)/g, '').trim();

/** The rows of the last printed table, with the bench name carried down over blank cells. */
function tableRows(output: string): Cells[] {
  const start = output.lastIndexOf('VidTube bench results');
  if (start < 0) return [];
  const lines = output.slice(start).split('\n');
  const ruleAt = lines.findIndex((line) => /^-+ {2}-+/.test(line));
  if (ruleAt < 0) return [];
  // Column boundaries from the rule under the header: dashes, two spaces, dashes…
  const starts = [...lines[ruleAt]!.matchAll(/-+/g)].map((match) => match.index);
  const cell = (line: string, column: number) =>
    line.slice(starts[column], starts[column + 1] ?? line.length).trim();
  const rows: Cells[] = [];
  let bench = '';
  let parent = '';
  for (const line of lines.slice(ruleAt + 1)) {
    if (!line.trim()) break;
    bench = cell(line, 0) || bench;
    const metric = cell(line, 1);
    // An indented metric details the row above it (the same scripts uncompressed, …).
    const detail = line.slice(starts[1], (starts[1] ?? 0) + 2) === '  ';
    if (!detail) parent = withoutCounts(metric).split(':')[0]!;
    rows.push({ bench, metric: detail ? `${parent} › ${metric}` : metric, value: cell(line, 2) });
  }
  return rows;
}

const NUMBER = /(-?\d+(?:\.\d+)?)\s*(ms|MB\/s|MB|kB|s|%)?/;

/**
 * One figure per number in the value cell: `off 319 · 127 ms | on 5915 · 6.67 ms` are four,
 * named by the metric's own labels (`req/s · p50, cache off | on`) where they line up.
 */
function figuresOfRow({ bench, metric, value }: Cells): Figure[] {
  const name = withoutCounts(metric);
  const colon = name.lastIndexOf(':');
  const base = colon < 0 ? name : name.slice(0, colon);
  const labels =
    colon < 0
      ? []
      : name
          .slice(colon + 1)
          .replace(/,\s*cache off \| on$/, '')
          .split('·')
          .map((label) => label.trim());
  const figures: Figure[] = [];
  for (const group of value.split('|')) {
    const [, mode = '', rest = ''] = /^\s*(?:(off|on)\s+)?(.*)$/.exec(group.trim()) ?? [];
    const parts = rest.split('·');
    parts.forEach((part, index) => {
      const match = NUMBER.exec(part.replace(/,/g, ''));
      if (!match) return;
      let label = labels.length === parts.length ? labels[index]! : '';
      if (!label && parts.length > 1) label = `#${index + 1}`;
      // `p50 at 10k · 100k videos`: the second is the p50 at 100k.
      const at = labels[0]?.indexOf(' at ') ?? -1;
      if (index > 0 && at > 0 && labels.length === parts.length) {
        label = `${labels[0]!.slice(0, at)} at ${label}`;
      }
      const unit = match[2] ?? '';
      figures.push({
        key: [bench, base, mode && `cache ${mode}`, label].filter(Boolean).join(' · '),
        value: Number(match[1]),
        unit: unit || 'req/s',
        higherIsBetter: unit === '' || unit === '%' || unit === 'MB/s',
      });
    });
  }
  return figures;
}

/**
 * Rows that are not figures of the build: a cached dataset's build time, search results, the
 * paint's path; and single script files, named by their content's hash (their totals are kept).
 */
const notMeasured = ({ metric }: Cells) =>
  metric.includes('/assets/') ||
  metric.includes('when cached') ||
  metric.includes('dataset built') ||
  metric.startsWith('top ') ||
  metric.startsWith('load average') ||
  metric.includes('path, ms');

export function figuresOf(output: string): Figure[] {
  return tableRows(output)
    .filter((row) => !notMeasured(row))
    .flatMap(figuresOfRow);
}
