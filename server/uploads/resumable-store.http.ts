/**
 * Where resumable (tus) uploads live, and what the finish needs from that place beyond tus' own
 * store interface. The embedded default keeps them on this process's disk (tus' file store in
 * DATA_DIR/uploads); with S3_BUCKET they live in the database and the bucket
 * (bucket-upload-store.ts), so that any replica can take any request of an upload.
 */
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { Upload } from '@tus/server';
import type { Config } from '../config.js';
import type { ServerContext } from '../context.js';
import { TUS_EXTENSIONS } from './tus-server.http.js';
import type { LocalUploadFile, ResumableStore } from './resumable-store.types.js';

/**
 * Outside tmp/: tmp/ is emptied at every start, but a resumable upload must survive a restart.
 * Abandoned ones are removed by maintenance/upload-expiry.ts instead.
 */
export function resumableUploadsDir(config: Config): string {
  return path.join(config.dataDir, 'uploads');
}

/** tus' file store in one directory, offering TUS_EXTENSIONS (not the file store's whole list). */
export class DiskUploadStore extends FileStore implements ResumableStore {
  /** Uploads being finished by this process (the only one using this directory). */
  private readonly finishing = new Set<string>();

  constructor(directory: string) {
    super({ directory });
    this.extensions = [...TUS_EXTENSIONS];
  }

  async localFile(upload: Upload): Promise<LocalUploadFile> {
    return { path: path.join(this.directory, upload.id), release: async () => {} };
  }

  async claimFinish(id: string): Promise<(() => Promise<void>) | undefined> {
    if (this.finishing.has(id)) return undefined;
    this.finishing.add(id);
    return async () => {
      this.finishing.delete(id);
    };
  }
}

/** The store this configuration calls for: the bucket's when there is one, else the disk's. */
export async function openResumableStore(ctx: ServerContext): Promise<ResumableStore> {
  if (!ctx.config.s3) return new DiskUploadStore(resumableUploadsDir(ctx.config));
  const { BucketUploadStore } = await import('./bucket-upload-store.http.js');
  return new BucketUploadStore(ctx);
}
