/**
 * The behaviour every MediaStorage must have, run against each implementation (local disk and
 * S3, see storage-*.test.ts): what callers such as the upload pipeline, unpublishing and the
 * media reconciliation rely on, observed only through the interface.
 */
import { createHash, randomBytes } from 'node:crypto';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaStorage } from '../../server/storage/storage.js';

/** Larger than the S3 store's 8 MiB part, so it goes up as a multipart upload there. */
export const LARGE_BYTES = 12 * 1024 ** 2 + 123;

export interface StorageUnderTest {
  store: MediaStorage;
  close(): Promise<void>;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const newKey = (folder = 'videos', ext = 'mp4') =>
  `${folder}/${randomBytes(9).toString('base64url')}.${ext}`;

export function describeStorageContract(name: string, open: () => Promise<StorageUnderTest>) {
  describe(`${name}: the MediaStorage contract`, () => {
    let store: MediaStorage;
    let close: () => Promise<void>;
    let work: string;

    beforeAll(async () => {
      ({ store, close } = await open());
      work = await mkdtemp(path.join(os.tmpdir(), 'vidtube-storage-'));
    });
    afterAll(async () => {
      await close();
      await rm(work, { recursive: true, force: true });
    });

    /** Writes `data` to a temp file and puts it under a fresh key. */
    const stored = async (data: Buffer, key = newKey()) => {
      const source = path.join(work, randomBytes(6).toString('hex'));
      await writeFile(source, data);
      await store.put(key, source, 'video/mp4');
      return { key, source };
    };

    it('put moves a finished file in: same size and bytes, the temp file is gone', async () => {
      const data = randomBytes(5000);
      const { key, source } = await stored(data);
      expect(await store.size(key)).toBe(data.length);
      expect((await buffer(store.stream(key))).equals(data)).toBe(true);
      await expect(access(source)).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('streams an inclusive byte range', async () => {
      const data = randomBytes(5000);
      const { key } = await stored(data);
      const middle = await buffer(store.stream(key, { start: 100, end: 199 }));
      expect(middle.equals(data.subarray(100, 200))).toBe(true);
      const last = await buffer(store.stream(key, { start: 4999, end: 4999 }));
      expect(last.equals(data.subarray(4999))).toBe(true);
    });

    it('copy keeps both names, and each can be deleted on its own', async () => {
      const data = randomBytes(3000);
      const { key } = await stored(data);
      const copy = newKey();
      await store.copy(key, copy);
      expect((await buffer(store.stream(copy))).equals(data)).toBe(true);
      await store.delete(key);
      expect(await store.size(key)).toBeNull();
      expect((await buffer(store.stream(copy))).equals(data)).toBe(true);
    });

    it('delete removes an object; deleting a missing one is not an error', async () => {
      const { key } = await stored(randomBytes(100));
      await store.delete(key);
      expect(await store.size(key)).toBeNull();
      await expect(store.delete(key)).resolves.toBeUndefined();
    });

    it('list names every stored object with its time of writing, and no deleted one', async () => {
      const before = Date.now();
      const keys = [newKey('thumbnails', 'webp'), newKey(), newKey('avatars', 'webp'), newKey()];
      for (const key of keys) await stored(randomBytes(10), key);
      const gone = (await stored(randomBytes(10))).key;
      await store.delete(gone);
      const listed = new Map<string, Date>();
      for await (const object of store.list()) listed.set(object.key, object.modifiedAt);
      for (const key of keys) {
        const at = listed.get(key)?.getTime();
        // S3 keeps whole seconds.
        expect(at, key).toBeGreaterThanOrEqual(before - 1000);
        expect(at, key).toBeLessThanOrEqual(Date.now() + 1000);
      }
      expect(listed.has(gone)).toBe(false);
    });

    it('a missing object has no size, and reading or copying it fails with ENOENT', async () => {
      const missing = newKey();
      expect(await store.size(missing)).toBeNull();
      await expect(buffer(store.stream(missing))).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(store.copy(missing, newKey())).rejects.toMatchObject({ code: 'ENOENT' });
      expect(await store.size(missing)).toBeNull();
    });

    it('refuses keys the server could not have made', async () => {
      const source = path.join(work, 'refused');
      await writeFile(source, 'x');
      for (const key of ['../secrets.json', 'videos/../../x.mp4', 'videos/a b.mp4', 'x.mp4']) {
        await expect(store.put(key, source, 'video/mp4'), key).rejects.toThrow(/unsafe/);
        expect(() => store.stream(key), key).toThrow(/unsafe/);
      }
    });

    it('stores a large file intact, readable whole and across part boundaries', async () => {
      const data = randomBytes(LARGE_BYTES);
      const { key } = await stored(data);
      expect(await store.size(key)).toBe(LARGE_BYTES);
      expect(sha256(await buffer(store.stream(key)))).toBe(sha256(data));
      const boundary = 8 * 1024 ** 2;
      const across = await buffer(store.stream(key, { start: boundary - 10, end: boundary + 9 }));
      expect(across.equals(data.subarray(boundary - 10, boundary + 10))).toBe(true);
    });
  });
}
