/**
 * In-flight uploads live in DATA_DIR/tmp until they are complete and valid. A process killed
 * mid-upload leaves its partial file there, and nothing else would ever remove it. The folder
 * belongs to this process alone (replicas each have their own DATA_DIR), so at start everything
 * in it is left over; while running, a file untouched for `olderThanMs` belongs to an upload that
 * stalled past any timeout.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export async function sweepTmp(tmpDir: string, olderThanMs = 0, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(tmpDir);
  } catch {
    return 0; // not created yet
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(tmpDir, name);
    try {
      if (olderThanMs > 0 && now - (await stat(file)).mtimeMs < olderThanMs) continue;
      await rm(file, { recursive: true, force: true });
      removed += 1;
    } catch {
      // gone already
    }
  }
  return removed;
}
