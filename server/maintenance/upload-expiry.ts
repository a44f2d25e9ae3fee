/**
 * Resumable uploads live in DATA_DIR/uploads (outside tmp/, so they survive a restart). One that
 * received no byte for `expiryMs` was abandoned (a tab closed for good, a client gone): its data
 * file and its `.json` info file are removed. Activity, not age, decides, so a slow upload that
 * keeps sending is never cut off, and one that was paused for an hour still resumes.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export async function expireUploads(
  dir: string,
  expiryMs: number,
  now = Date.now(),
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0; // no resumable upload yet
  }
  // An upload is `<id>` (its bytes) and `<id>.json` (its length, offset and metadata).
  const lastActivity = new Map<string, number>();
  for (const name of names) {
    const id = name.replace(/\.json$/, '');
    try {
      const { mtimeMs } = await stat(path.join(dir, name));
      lastActivity.set(id, Math.max(lastActivity.get(id) ?? 0, mtimeMs));
    } catch {
      // finished or removed meanwhile
    }
  }
  let removed = 0;
  for (const [id, mtimeMs] of lastActivity) {
    if (now - mtimeMs < expiryMs) continue;
    await rm(path.join(dir, id), { force: true });
    await rm(path.join(dir, `${id}.json`), { force: true });
    removed += 1;
  }
  return removed;
}
