/**
 * Crash points for the kill tests (tests/server/kill-points.test.ts). Most moments of interest
 * last long enough for the test to stop the process from outside and kill it there; a few are a
 * handful of microseconds wide (a delete's first file removed, its HLS files not yet), and an
 * outside kill lands in them only by luck on a busy machine. At such a moment the code calls
 * `crashPoint(name)`: when the operator's environment names that point in VIDTUBE_CRASH_AT, the
 * process sends itself SIGKILL there, which is exactly what an outside SIGKILL at that moment does.
 * Unset (always, outside those tests) it does nothing. The pattern is FoundationDB's and TiKV's
 * fail points, reduced to the one action the tests need.
 */
const armed = process.env.VIDTUBE_CRASH_AT || undefined;

export function crashPoint(name: string): void {
  if (armed === name) process.kill(process.pid, 'SIGKILL');
}
