/** A process's resident memory from /proc/<pid>/status (Linux). */
import { readFile } from 'node:fs/promises';

const MB = 1024 * 1024;

export async function rssOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) =>
    Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** RSS once four samples 250 ms apart agree within 4 MB (or after 10 s). */
export async function settledRss(pid: number): Promise<{ rss: number; hwm: number }> {
  const samples: { rss: number; hwm: number }[] = [];
  const deadline = Date.now() + 10_000;
  for (;;) {
    samples.push(await rssOf(pid));
    const last = samples.slice(-4).map((s) => s.rss);
    if (last.length === 4 && Math.max(...last) - Math.min(...last) <= 4 * MB) break;
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return samples[samples.length - 1]!;
}
