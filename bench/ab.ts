/**
 * An A/B run of `npm run bench` on two builds: this checkout and a baseline (another git worktree,
 * e.g. `git worktree add ../vidtube-base <commit>` + `npm ci` there). Each part of the bench runs
 * in both builds back to back, the order swapped every round, so that both see the same machine
 * and the same datasets (link the baseline's bench/.data to this one's); then each figure's
 * medians and their ratio are printed, with a ⚠ where the new build is worse by more than 10 %.
 *
 *   npm run bench:ab -- --baseline ../vidtube-base [--rounds 3] [--lock FILE] [--out DIR] api lists
 *   npm run bench:ab -- --report DIR        the table of a run already in DIR
 *
 * `--lock FILE` holds a flock(1) lock for each pair of runs, for machines where heavy runs take
 * turns; the lock is let go between pairs, so one A/B run does not keep others out for hours.
 * Output: DIR/{A,B}-ROUND-PART.log, A being the baseline and B this checkout.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { figuresOf, type Figure } from './lib/ab-figures.js';
import { ROOT } from './lib/paths.js';
import { median } from './lib/stats.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    baseline: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    lock: { type: 'string' },
    out: { type: 'string' },
    report: { type: 'string' },
  },
});

/** One pair of runs: both builds' bench of `part`, `first` first, each log starting with uptime. */
function runPair(out: string, round: number, part: string, sides: [string, string][]): void {
  const script = sides
    .map(
      ([side, dir]) =>
        `(cd '${dir}' && echo "${side} round ${round} $(git log --oneline -1)" && echo "start: $(uptime)" && npm run bench -- ${part}; echo "end: $(uptime)") > '${out}/${side}-${round}-${part}.log' 2>&1`,
    )
    .join('; ');
  const command = values.lock ? ['flock', values.lock, 'sh', '-c', script] : ['sh', '-c', script];
  console.log(`round ${round}, ${part}: ${sides.map(([side]) => side).join(' then ')}`);
  spawnSync(command[0]!, command.slice(1), { stdio: 'inherit' });
}

function run(): string {
  const baseline = values.baseline && path.resolve(values.baseline);
  if (!baseline || positionals.length === 0) {
    throw new Error('usage: bench:ab -- --baseline DIR [--rounds N] [--lock FILE] PART…');
  }
  const out = path.resolve(
    values.out ?? path.join(os.tmpdir(), `vidtube-ab-${new Date().toISOString()}`),
  );
  mkdirSync(out, { recursive: true });
  const builds: [string, string][] = [
    ['A', baseline],
    ['B', ROOT],
  ];
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const part of positionals) {
      runPair(out, round, part, round % 2 ? builds : [builds[1]!, builds[0]!]);
    }
  }
  return out;
}

const loadOf = (log: string) =>
  [...log.matchAll(/load average: ([\d.]+)/g)].map((match) => match[1]).join('→');

function report(dir: string): void {
  const figures = new Map<string, { figure: Figure; A: number[]; B: number[] }>();
  const loads: string[] = [];
  for (const file of readdirSync(dir)
    .filter((name) => /^[AB]-\d+-.+\.log$/.test(name))
    .sort()) {
    const side = file[0] as 'A' | 'B';
    const log = readFileSync(path.join(dir, file), 'utf8');
    loads.push(`${file.replace(/\.log$/, '')} ${loadOf(log)}`);
    // The bench's own output ends where runPair's closing uptime line begins.
    for (const figure of figuresOf(log.split('\nend: ')[0]!)) {
      const entry = figures.get(figure.key) ?? { figure, A: [], B: [] };
      entry[side].push(figure.value);
      figures.set(figure.key, entry);
    }
  }
  console.log(`load average (1 min) at the start → end of each run: ${loads.join(', ')}\n`);
  console.log('| figure | A (baseline) runs | B runs | A median | B median | B / A |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  const short = (value: number) => String(Number(value.toPrecision(3)));
  const format = (list: number[]) => list.map(short).join(' · ');
  for (const { figure, A, B } of figures.values()) {
    if (A.length === 0 || B.length === 0) continue;
    const [a, b] = [median(A), median(B)];
    const ratio = b / a;
    const worse = figure.higherIsBetter ? ratio < 0.9 : ratio > 1.1;
    console.log(
      `| ${figure.key} (${figure.unit}) | ${format(A)} | ${format(B)} | ${short(a)} | ${short(b)} | ${ratio.toFixed(2)}${worse ? ' ⚠' : ''} |`,
    );
  }
  const unpaired = [...figures.values()].filter(({ A, B }) => A.length === 0 || B.length === 0);
  if (unpaired.length > 0) {
    const keys = unpaired.map(({ figure }) => figure.key);
    console.log(`\nIn one build only (${keys.length}, e.g. files named by content hash):`);
    console.log(keys.join('; '));
  }
}

report(values.report ? path.resolve(values.report) : run());
