/**
 * Messages for the errors @tus/server answers in text/plain (its `ERRORS` table, the 412 of a
 * missing Tus-Resumable and the 400 naming invalid headers), worded like the rest of the API:
 * the header or field first, then the problem.
 */
import { ERRORS } from '@tus/server';

export const UPLOAD_NOT_FOUND = 'Upload not found';

const MESSAGES = new Map<string, string>([
  ['Tus-Resumable Required\n', 'Tus-Resumable: is required (this server speaks tus 1.0.0)'],
  [ERRORS.MISSING_OFFSET.body, 'Upload-Offset: is required'],
  [ERRORS.INVALID_CONTENT_TYPE.body, 'Content-Type: must be application/offset+octet-stream'],
  [ERRORS.FILE_NOT_FOUND.body, UPLOAD_NOT_FOUND],
  [ERRORS.FILE_NO_LONGER_EXISTS.body, 'The upload has expired'],
  [
    ERRORS.INVALID_OFFSET.body,
    "Upload-Offset: does not match the upload's offset (HEAD tells where to go on)",
  ],
  [ERRORS.ERR_SIZE_EXCEEDED.body, 'videoFile: more bytes than the Upload-Length of the upload'],
  [ERRORS.ERR_MAX_SIZE_EXCEEDED.body, 'videoFile: file is larger than the server accepts'],
  [ERRORS.INVALID_LENGTH.body, 'Upload-Length: is required once, at creation'],
  [
    ERRORS.INVALID_METADATA.body,
    'Upload-Metadata: must be comma-separated "key base64value" pairs',
  ],
  [ERRORS.ABORTED.body, 'The upload is busy with another request: ask with HEAD, then go on'],
  [ERRORS.INVALID_TERMINATION.body, 'A complete upload cannot be deleted'],
  [ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION.body, 'Upload-Concat: is not supported here'],
  [
    ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION.body,
    'Upload-Defer-Length: is not supported here; send Upload-Length',
  ],
]);

/** tus' own 400 for headers that fail its validation: "Invalid upload-offset content-type\n". */
const INVALID_HEADERS = /^Invalid ([a-z0-9 -]+)\n$/i;

export function tusErrorMessage(body: string): string {
  const known = MESSAGES.get(body);
  if (known) return known;
  const invalid = INVALID_HEADERS.exec(body);
  if (invalid?.[1]) return `${invalid[1].split(' ').join(', ')}: not a valid value for tus 1.0.0`;
  return 'The upload request was refused';
}
