/**
 * CPU time of processes from /proc/<pid>/stat (Linux): user + system, in milliseconds. The bench
 * divides what a load run cost each part (an API replica, PostgreSQL's backends, nginx) by the
 * requests it answered, which is the per-request cost docs/scaling.md builds on.
 */
import { readFile } from 'node:fs/promises';

/** Clock ticks per second of /proc's counters (CLK_TCK; 100 on every Linux we run on). */
const TICKS_PER_SECOND = 100;

export async function cpuMsOf(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0; // gone meanwhile
  }
}

/** CPU ms of each pid now, to diff against a later reading. */
export async function cpuSnapshot(pids: readonly number[]): Promise<Map<number, number>> {
  return new Map(await Promise.all(pids.map(async (pid) => [pid, await cpuMsOf(pid)] as const)));
}

/**
 * CPU ms spent between two snapshots: a pid new in `after` counts whole; one gone by then (a
 * database connection the pool closed) counts nothing, as its last reading is lost with it.
 */
export function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) {
    const start = before.get(pid) ?? 0;
    if (ms >= start) total += ms - start;
  }
  return total;
}

/**
 * Waits until `pid` has used under 3 % of a core for `seconds` seconds in a row, and `busy` (more
 * work the caller can see, such as child processes) says no, or until `maxMs` has passed. A server
 * just started does its start-up work first, which a load run would otherwise count as its own.
 */
export async function untilQuiet(
  pid: number,
  {
    seconds,
    maxMs,
    busy = async () => false,
  }: {
    seconds: number;
    maxMs: number;
    busy?: () => Promise<boolean>;
  },
): Promise<void> {
  const deadline = Date.now() + maxMs;
  let quietSeconds = 0;
  let before = await cpuMsOf(pid);
  while (quietSeconds < seconds && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await cpuMsOf(pid);
    quietSeconds = now - before > 30 || (await busy()) ? 0 : quietSeconds + 1;
    before = now;
  }
}
