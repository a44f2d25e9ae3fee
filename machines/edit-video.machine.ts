/**
 * The Edit Video dialog (spec §2 Dialogs, §5 "Video edit"), a thin machine on the form core
 * (form-dialog.ts): title, description, tags and thumbnail. The current thumbnail is kept unless
 * the user picks a new one.
 *
 * Input:   { values: { title, description, tags, thumbnail: null, visibility? } } — the video's
 *          own; `visibility` is the schedule picker's choice (issue 34), refused while it names a
 *          problem (a time in the past…).
 * Actor:   save — input EditVideoValues (title and description trimmed, tags as typed; `thumbnail`
 *          null means "keep the current one"), output VideoItem (emitted as `saved.result`).
 * Events, emitted and selectors: those of form-dialog.ts, and selectShowsTagHint. The view edits
 * tags with machines/tags.ts (the same rules as upload) and sends CHANGE { tags }.
 *
 * Choice where the spec is silent (issue 29): the spec fixes the upload dialog's rule (§5: title,
 * description and at least one tag required, 'All fields marked with * are required! You must
 * add at least one tag.'), and this dialog edits the same fields, so it follows that rule and
 * text rather than a weaker one of its own; a video cannot be saved into a state that its upload
 * would have refused.
 */
import { formDialogMachine } from './form-dialog.js';
import { DASHBOARD_MESSAGES } from './dashboard-messages.js';
import { UPLOAD_REQUIRED_MESSAGE } from './upload.types.js';
import { isBlank } from './validation.js';
import type { VisibilityChoice } from './video-visibility.machine.js';

export type EditVideoValues = Readonly<{
  title: string;
  description: string;
  tags: readonly string[];
  /** A newly chosen image; null keeps the video's current thumbnail. */
  thumbnail: Blob | null;
  /** Issue 34: the schedule picker's choice (video-visibility.machine.ts); absent: unchanged. */
  visibility?: VisibilityChoice;
}>;

export const editVideoMachine = formDialogMachine<EditVideoValues>({
  id: 'editVideo',
  check: (v) =>
    isBlank(v.title) || isBlank(v.description) || v.tags.length === 0
      ? UPLOAD_REQUIRED_MESSAGE
      : (v.visibility?.problem ?? null),
  prepare: (v) => ({ ...v, title: v.title.trim(), description: v.description.trim() }),
  failed: DASHBOARD_MESSAGES.videoEditFailed,
});

/** The hint 'Add at least one tag …' under the tag input: shown while there is none. */
export const selectShowsTagHint = (s: { context: { values: { tags?: unknown } } }) =>
  Array.isArray(s.context.values.tags) && s.context.values.tags.length === 0;

export { selectError, selectIsSaving, selectValues } from './form-dialog.js';
