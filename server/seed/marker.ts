/**
 * A small JSON file in DATA_DIR recording the demo seed's progress. Before any media file is put
 * in storage the marker lists their keys ('in-progress'); after the database transaction commits
 * it says 'done'. A crash in between leaves no rows (one transaction) and the next start deletes
 * the listed orphan files before trying again.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface SeedMarker {
  state: 'in-progress' | 'done';
  startedAt: string;
  finishedAt?: string;
  keys: string[];
}

function markerPath(dataDir: string): string {
  return path.join(dataDir, 'demo-seed.json');
}

export async function readMarker(dataDir: string): Promise<SeedMarker | null> {
  const file = markerPath(dataDir);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(await readFile(file, 'utf8')) as SeedMarker;
  } catch {
    return null; // a torn write: treat as absent
  }
}

export async function writeMarker(dataDir: string, marker: SeedMarker): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const file = markerPath(dataDir);
  // Write then rename, so a crash never leaves half a marker.
  await writeFile(`${file}.tmp`, JSON.stringify(marker, null, 2));
  await rename(`${file}.tmp`, file);
}
