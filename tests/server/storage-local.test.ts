/** The local-disk store (the default) against the shared storage contract. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalDiskStorage } from '../../server/storage/local-disk.js';
import { describeStorageContract } from './storage-contract.js';

describeStorageContract('local disk', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'vidtube-media-'));
  return {
    store: new LocalDiskStorage(root),
    close: () => rm(root, { recursive: true, force: true }),
  };
});
