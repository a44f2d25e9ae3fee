/**
 * Serving one 100 MB media file, ours beside nginx (`sendfile on`) in the same run on the same
 * file: MB/s and the serving processes' CPU seconds per GB sent (utime + stime from
 * /proc/<pid>/stat), for whole-file GETs and for 1 MB ranges at random offsets, 8 at a time (a
 * player seeking around). Three ways (issue 35): nginx alone, our server alone, and our server
 * behind nginx, which has it check each file and sends the bytes itself (`npm run cluster --
 * --local-media`'s configuration, scripts/cluster/nginx.ts's `mediaLocations`; its CPU is the
 * API's plus nginx's). Targets: alone, ours ≥ 90 % of nginx's MB/s; behind nginx,
 * ≤ 1.5× nginx's CPU per GB (beyond each process's idle rate, `measure`). Each kind runs ROUNDS times, the ways in rotating order, and the
 * medians are printed with the load average (the machine is shared: ratios within one run are
 * what count): a single 100 MB burst lasts well under a second, so one run's share swung from 51 %
 * to 101 % between runs a minute apart on the same machine.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import { startNginx, NGINX_PATH, type AccelProxy } from './lib/nginx.js';
import { median } from './lib/stats.js';
import type { Row } from './lib/table.js';

const MB = 1024 * 1024;
const GB = 1024 * MB;
/** 1.5 GB a round: nginx spends about 0.2 s of CPU on it, 20 ticks of /proc's clock. */
const WHOLE_RUNS = 15;
const ROUNDS = 7;
const RANGE_WORKERS = 8;
/** 800 MB a round: about a second, where 320 MB (0.4 s) let one round's share swing by 30 %. */
const RANGES_PER_WORKER = 100;
/** Issue 35: our MB/s alone as a share of nginx's. */
const TARGET_SHARE = 0.9;
/** Issue 35: CPU per GB behind nginx (ours + nginx's) against nginx's alone. */
const TARGET_CPU_BEHIND = 1.5;
const NGINX = 'nginx sendfile';
const ALONE = 'vidtube alone';
const BEHIND = 'vidtube behind nginx (checked by vidtube, sent by nginx)';
/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s. */
const CLOCK_TICKS_PER_SECOND = 100;

interface Target {
  label: string;
  url: string;
  /** Every process that works for a request (the API and nginx, behind nginx). */
  pids: number[];
}

interface Figure {
  mbPerSecond: number;
  cpuSecondsPerGb: number;
  /** The 1-minute load average when the measurement ended. */
  load: number;
}

/** Downloads `url` (with a Range header when given), returning the status and bytes received. */
export function download(url: string, range?: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: range ? { range } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3; utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

const totalCpu = async (pids: number[]) =>
  (await Promise.all(pids.map(cpuSeconds))).reduce((a, b) => a + b, 0);

/** How long the processes' idle CPU is sampled before each measurement. */
const IDLE_MS = 2_000;

/**
 * CPU per GB counts what the processes spent beyond their idle rate, sampled just before: an
 * API server's background work (job polling, the view flush, timers) costs the same with no
 * request, and over a burst slowed by a loaded machine it would pass for a cost per GB.
 */
async function measure(pids: number[], work: () => Promise<number>): Promise<Figure> {
  const idleBefore = await totalCpu(pids);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const cpuBefore = await totalCpu(pids);
  const idleRate = (cpuBefore - idleBefore) / (IDLE_MS / 1000);
  const started = performance.now();
  const bytes = await work();
  const seconds = (performance.now() - started) / 1000;
  const cpu = Math.max(0, (await totalCpu(pids)) - cpuBefore - idleRate * seconds);
  return {
    mbPerSecond: bytes / MB / seconds,
    cpuSecondsPerGb: cpu / (bytes / GB),
    load: os.loadavg()[0]!,
  };
}

function wholeFile(url: string, size: number) {
  return async () => {
    let total = 0;
    for (let i = 0; i < WHOLE_RUNS; i++) {
      const r = await download(url);
      if (r.status !== 200 || r.bytes !== size)
        throw new Error(`GET ${url} answered ${r.status} with ${r.bytes} bytes`);
      total += r.bytes;
    }
    return total;
  };
}

/** The same offsets for every server, so both read the same pages of the file. */
function rangeOffsets(size: number): number[][] {
  const blocks = Math.floor(size / MB) - 1;
  return Array.from({ length: RANGE_WORKERS }, () =>
    Array.from({ length: RANGES_PER_WORKER }, () => Math.floor(Math.random() * blocks) * MB),
  );
}

function ranges(url: string, offsets: number[][]) {
  return async () => {
    const perWorker = await Promise.all(
      offsets.map(async (starts) => {
        let received = 0;
        for (const start of starts) {
          const r = await download(url, `bytes=${start}-${start + MB - 1}`);
          if (r.status !== 206 || r.bytes !== MB)
            throw new Error(`range request answered ${r.status} with ${r.bytes} bytes`);
          received += r.bytes;
        }
        return received;
      }),
    );
    return perWorker.reduce((a, b) => a + b, 0);
  };
}

const mbs = (f: Figure) =>
  `${f.mbPerSecond.toFixed(0)} MB/s, ${f.cpuSecondsPerGb.toFixed(2)} CPU s/GB`;
const load = (f: Figure) => `load ${f.load.toFixed(1)}`;

const medianFigure = (list: Figure[]): Figure => ({
  mbPerSecond: median(list.map((f) => f.mbPerSecond)),
  cpuSecondsPerGb: median(list.map((f) => f.cpuSecondsPerGb)),
  load: median(list.map((f) => f.load)),
});

const percent = (share: number) => `${(share * 100).toFixed(0)} %`;
const spreadOf = (shares: number[]) =>
  `${percent(Math.min(...shares))}–${percent(Math.max(...shares))}`;

/** Rows comparing `label`'s rounds with nginx's: its MB/s share and its CPU per GB ratio. */
function comparisonRows(
  kind: string,
  label: string,
  rounds: Map<string, Figure>[],
  rowsTarget: 'share' | 'cpu',
): Row[] {
  const ours = rounds.map((r) => r.get(label)!);
  const theirs = rounds.map((r) => r.get(NGINX)!);
  const shares = ours.map((f, i) => f.mbPerSecond / theirs[i]!.mbPerSecond);
  const cpuRatios = ours.map(
    (f, i) => f.cpuSecondsPerGb / Math.max(theirs[i]!.cpuSecondsPerGb, 0.001),
  );
  const share = median(shares);
  const cpu = median(cpuRatios);
  const loads = `load ${median(ours.map((f) => f.load)).toFixed(1)}`;
  return [
    {
      bench: 'media',
      metric: `100 MB ${kind}: ${label} vs nginx, MB/s, median of ${ROUNDS} rounds (${spreadOf(shares)}; ${loads})`,
      value: percent(share),
      ...(rowsTarget === 'share'
        ? { target: `≥ ${TARGET_SHARE * 100} %`, ok: share >= TARGET_SHARE }
        : {}),
    },
    {
      bench: 'media',
      metric: `100 MB ${kind}: ${label} vs nginx, CPU per GB, median of ${ROUNDS} rounds (${Math.min(...cpuRatios).toFixed(1)}–${Math.max(...cpuRatios).toFixed(1)}×; ${loads})`,
      value: `${cpu.toFixed(2)}×`,
      ...(rowsTarget === 'cpu'
        ? { target: `≤ ${TARGET_CPU_BEHIND}×`, ok: cpu <= TARGET_CPU_BEHIND }
        : {}),
    },
  ];
}

/**
 * `alone` serves the file at `mediaPath` below its URL; nginx serves `root` so that the same
 * path resolves to the same file; `behind` (optional) is a second server started with
 * MEDIA_ACCEL_REDIRECT whose DATA_DIR/media holds the same file, which nginx fronts.
 */
export async function benchMediaStreaming(
  alone: { url: string; pid: number },
  root: string,
  mediaPath: string,
  size: number,
  behind?: { pid: number } & AccelProxy,
): Promise<Row[]> {
  const nginx = await startNginx(root, behind);
  const rows: Row[] = [];
  if (!nginx) {
    rows.push({
      bench: 'media',
      metric: `nginx not installed at ${NGINX_PATH}: no baseline, our figures only`,
      value: '—',
    });
  }
  try {
    const targets: Target[] = [{ label: ALONE, url: alone.url, pids: [alone.pid] }];
    if (nginx) targets.push({ label: NGINX, url: nginx.url, pids: [nginx.pid] });
    if (nginx?.proxyUrl && behind) {
      targets.push({ label: BEHIND, url: nginx.proxyUrl, pids: [behind.pid, nginx.pid] });
    }
    const offsets = rangeOffsets(size);
    const kinds = [
      { name: `whole file, ${WHOLE_RUNS} GETs`, work: (url: string) => wholeFile(url, size) },
      {
        name: `${RANGE_WORKERS * RANGES_PER_WORKER} random 1 MB ranges, ${RANGE_WORKERS} concurrent`,
        work: (url: string) => ranges(url, offsets),
      },
    ];
    for (const kind of kinds) {
      const rounds: Map<string, Figure>[] = [];
      for (const t of targets) await download(`${t.url}${mediaPath}`); // warm the page cache
      for (let round = 0; round < ROUNDS; round++) {
        // Each way goes first in turn, so none always runs on the heels of another.
        const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
        const byLabel = new Map<string, Figure>();
        for (const t of order) {
          byLabel.set(t.label, await measure(t.pids, kind.work(`${t.url}${mediaPath}`)));
        }
        rounds.push(byLabel);
      }
      for (const t of targets) {
        const figure = medianFigure(rounds.map((r) => r.get(t.label)!));
        rows.push({
          bench: 'media',
          metric: `100 MB ${kind.name}: ${t.label} (median of ${ROUNDS}; ${load(figure)})`,
          value: mbs(figure),
        });
      }
      if (!nginx) continue;
      rows.push(...comparisonRows(kind.name, ALONE, rounds, 'share'));
      if (targets.some((t) => t.label === BEHIND)) {
        rows.push(...comparisonRows(kind.name, BEHIND, rounds, 'cpu'));
      }
    }
    return rows;
  } finally {
    await nginx?.stop();
  }
}
