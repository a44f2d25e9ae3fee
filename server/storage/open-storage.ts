/**
 * Picks the media store the configuration names: the local disk under DATA_DIR by default, an
 * S3-compatible bucket when S3_BUCKET is set. The AWS SDK is imported only in the second case, so
 * the default's start-up time and memory do not carry it.
 */
import path from 'node:path';
import type { Config } from '../config.js';
import { LocalDiskStorage } from './local-disk.js';
import type { MediaStorage } from './storage.js';

export async function openStorage(config: Config): Promise<MediaStorage> {
  if (!config.s3) return new LocalDiskStorage(path.join(config.dataDir, 'media'));
  const { openS3Storage } = await import('./s3.js');
  return openS3Storage(config.s3);
}
