/**
 * The Edit Video dialog (spec §2 Dialogs, §5 "Video edit"), a thin machine on the form core
 * (form-dialog.ts): title, description, tags and thumbnail. At least one tag is a hint, not
 * enforced; the current thumbnail is kept unless the user picks a new one.
 *
 * Input:   { values: { title, description, tags, thumbnail: null } } — the video's own.
 * Actor:   save — input EditVideoValues (title and description trimmed, tags as typed; `thumbnail`
 *          null means "keep the current one"), output VideoItem (emitted as `saved.result`).
 * Events, emitted and selectors: those of form-dialog.ts, and selectShowsTagHint. The view edits
 * tags with machines/tags.ts (the same rules as upload) and sends CHANGE { tags }.
 *
 * Choice where the spec is silent: a blank title is refused with 'Title is required!' (the
 * playlist dialog's words), since the server would refuse it anyway.
 */
import { formDialogMachine } from './form-dialog.js';
import { DASHBOARD_MESSAGES } from './dashboard-messages.js';
import { isBlank } from './validation.js';

export type EditVideoValues = Readonly<{
  title: string;
  description: string;
  tags: readonly string[];
  /** A newly chosen image; null keeps the video's current thumbnail. */
  thumbnail: Blob | null;
}>;

export const editVideoMachine = formDialogMachine<EditVideoValues>({
  id: 'editVideo',
  check: (v) => (isBlank(v.title) ? DASHBOARD_MESSAGES.titleRequired : null),
  prepare: (v) => ({ ...v, title: v.title.trim(), description: v.description.trim() }),
  failed: DASHBOARD_MESSAGES.videoEditFailed,
});

/** The hint 'Add at least one tag …' under the tag input: shown while there is none. */
export const selectShowsTagHint = (s: { context: { values: { tags?: unknown } } }) =>
  Array.isArray(s.context.values.tags) && s.context.values.tags.length === 0;

export { selectError, selectIsSaving, selectValues } from './form-dialog.js';
