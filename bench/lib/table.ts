/** A result line of the bench and the table they are printed in. */
export interface Row {
  bench: string;
  metric: string;
  value: string;
  /** e.g. '≤ 120 kB'; empty when the figure has no target. */
  target?: string;
  /** Whether the figure meets its target; undefined when there is none. */
  ok?: boolean;
}

export function printTable(rows: readonly Row[]): string {
  const header: Row = { bench: 'bench', metric: 'metric', value: 'value', target: 'target' };
  const cells = [header, ...rows].map((r, i) => [
    r.bench,
    r.metric,
    r.value,
    r.target ?? '',
    i === 0 ? '' : r.ok === undefined ? '' : r.ok ? 'ok' : 'MISSED',
  ]);
  const widths = [0, 1, 2, 3, 4].map((c) => Math.max(...cells.map((row) => (row[c] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, c) => (c === 2 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].join('\n');
}

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`;
export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
