import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertSafeKey,
  mediaUrlOf,
  SAFE_KEY,
  type MediaStorage,
  type StoredObject,
} from './storage.js';

export class LocalDiskStorage implements MediaStorage {
  constructor(readonly root: string) {}

  private resolve(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('key escapes root');
    return full;
  }

  async put(key: string, sourcePath: string): Promise<void> {
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(sourcePath, target);
    } catch (error) {
      // Different filesystems: copy, then remove the source.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(sourcePath, target);
      await unlink(sourcePath);
    }
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    const source = this.resolve(fromKey);
    const target = this.resolve(toKey);
    await mkdir(path.dirname(target), { recursive: true });
    // A hard link costs no space or time; the two names are freed independently.
    await link(source, target).catch(() => copyFile(source, target));
  }

  stream(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.resolve(key), range);
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.resolve(key))).size;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  url(key: string, origin: string): string {
    return mediaUrlOf(key, origin);
  }

  async *list(): AsyncIterable<StoredObject> {
    let folders: string[];
    try {
      folders = await readdir(this.root);
    } catch {
      return; // nothing stored yet
    }
    for (const folder of folders) {
      let names: string[];
      try {
        names = await readdir(path.join(this.root, folder));
      } catch {
        continue; // a stray file at the top level is not a key
      }
      for (const name of names) {
        const key = `${folder}/${name}`;
        if (!SAFE_KEY.test(key)) continue;
        try {
          yield { key, modifiedAt: (await stat(this.resolve(key))).mtime };
        } catch {
          // removed while listing
        }
      }
    }
  }
}
