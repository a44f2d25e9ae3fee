/**
 * A picked picture is checked before anything is sent (issue 22): its type must be one the server
 * takes, it must hold bytes, and it must fit the server's limit. Whether it is really a picture
 * needs the browser to decode it: that is an actor (src/media/decode-image.ts), worded here too.
 * The sentences name the field as the server's refusals do (contract/field-messages.ts).
 */
import { FIELD_SENTENCES, fieldLabel } from '../contract/field-messages.js';
import { IMAGE_TYPES, LIMITS } from '../contract/limits.js';

/** The API fields that carry a picture. */
export type ImageField = 'avatar' | 'coverImage' | 'thumbnail';

/** What is wrong with `file` as the picture `field`, known without reading it; null if nothing. */
export function imageFileProblem(field: ImageField, file: Blob): string | null {
  const label = fieldLabel(field);
  if (!IMAGE_TYPES.includes(file.type)) return FIELD_SENTENCES.imageType(label);
  if (file.size === 0) return FIELD_SENTENCES.fileEmpty(label);
  // The server's own sentence ("larger than 10 MB"): the file's size would read "10 MB" too
  // for a file just over the limit.
  if (file.size > LIMITS.imageBytes) return FIELD_SENTENCES.fileTooLarge(label, LIMITS.imageBytes);
  return null;
}

/** The file has the right type and size but the browser could not decode it. */
export function unreadableImageProblem(field: ImageField): string {
  return FIELD_SENTENCES.imageUnreadable(fieldLabel(field));
}
