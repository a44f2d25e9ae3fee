/** A file a client sent, already on disk under the temp folder (http/multipart.ts writes it). */
export interface ReceivedFile {
  field: string;
  filename: string;
  /** As declared by the client; never trusted for validation. */
  mimetype: string;
  path: string;
  bytes: number;
}
