/** Files on disk as the crash tests make and read them. */
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const HOUR = 60 * 60 * 1000;

/** Writes a file of `bytes` zeros whose last change was `ageMs` ago. */
export async function placeFile(file: string, ageMs: number, bytes = 1024): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.alloc(bytes));
  const at = new Date(Date.now() - ageMs);
  await utimes(file, at, at);
}

/** Every file under `dir`, relative to it, sorted; none when it does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}
