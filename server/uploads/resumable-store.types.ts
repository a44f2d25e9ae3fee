/**
 * What the finish of a resumable upload needs from the place uploads live, beyond tus' own store
 * interface (resumable-store.ts picks the place; bucket-upload-store.ts is one of them).
 */
import type { DataStore, Upload } from '@tus/server';

/** The upload's bytes as one local file; `release` removes it when it was made for the caller. */
export interface LocalUploadFile {
  path: string;
  release(): Promise<void>;
}

export interface ResumableStore extends DataStore {
  getUpload(id: string): Promise<Upload>;
  remove(id: string): Promise<void>;
  localFile(upload: Upload): Promise<LocalUploadFile>;
  /**
   * Claims the finish of upload `id`: a second finish while one runs must not make a twin. Returns
   * the claim's release, or undefined when a finish of it is running already.
   */
  claimFinish(id: string): Promise<(() => Promise<void>) | undefined>;
}
