/**
 * Contract of resumable uploads (tus 1.0.0 under `/videos/uploads`). The tus requests themselves carry
 * their data in headers (`Upload-Length`, `Upload-Metadata`, `Upload-Offset`); the metadata is
 * checked against `ResumableUploadFields` when the upload is created, exactly as the multipart
 * `POST /videos` checks its fields, and again by the finish call, which turns a complete upload
 * into a video. tus' own answers keep their status codes and `Tus-Resumable` header; their errors
 * come in the error envelope like every other. `OPTIONS /videos/uploads` answers tus discovery.
 */
import { ClosedBody } from './common.js';
import { Type, type Static } from '@sinclair/typebox';
import { VideoFormFields } from './videos.js';

/** tus' own upload ids: 32 lower-case hex digits (never a path, never `..`). */
export const UploadIdParams = Type.Object({
  uploadId: Type.String({ pattern: '^[0-9a-f]{32}$' }),
});
export type UploadIdParams = Static<typeof UploadIdParams>;

/** `Upload-Metadata` of the creation request: the video's fields and the file's own name. */
export const ResumableUploadFields = ClosedBody(
  Type.Composite([
    VideoFormFields,
    Type.Object({ filename: Type.Optional(Type.String({ maxLength: 255 })) }),
  ]),
);
export type ResumableUploadFields = Static<typeof ResumableUploadFields>;

/**
 * `POST /videos/uploads/{uploadId}/finish` (multipart, every part optional): the thumbnail picture,
 * and the video's fields as the form holds them now. Given fields replace those of the creation,
 * checked by the same rules, so an upload resumed after the title or tags were edited keeps the
 * bytes already sent and takes the new words.
 */
export const UploadFinishBody = ClosedBody(
  Type.Composite([
    Type.Partial(VideoFormFields),
    Type.Object({ thumbnail: Type.Optional(Type.String({ format: 'binary' })) }),
  ]),
);
export type UploadFinishBody = Static<typeof UploadFinishBody>;
