/**
 * The Edit video dialog (machines/edit-video.machine.ts): title, description, tags (the upload
 * form's tag box and rules), the thumbnail, whose current image is kept and previewed until
 * another is chosen, and (issue 34) the visibility and schedule (visibility-field.tsx). The machine decides; this view renders its values and sends CHANGE, SUBMIT
 * and CLOSE, and hands the saved video to the list.
 *
 * Choices where the spec is silent: the fields follow the upload dialog's rules (issue 29: title,
 * description and a tag required, the same limits, a picked thumbnail checked at once with
 * the upload's words); a refusal is toasted (spec §8's validation toasts) and also shown in red
 * in the form; a failed save stays in the form in red with everything typed, and is logged (spec
 * §8 only logs it).
 */
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { VideoItem } from '../../../contract/shapes';
import { DASHBOARD_MESSAGES } from '../../../machines/dashboard-messages';
import {
  editVideoMachine,
  selectShowsTagHint,
  type EditVideoValues,
} from '../../../machines/edit-video.machine';
import { imageFileProblem } from '../../../machines/image-file-check';
import { addTag, removeTag, splitTagDraft } from '../../../machines/tags';
import { useObjectUrl } from '../../use-object-url';
import { TagInput } from '../../components/tag-input';
import { Field } from '../../ui/form-layout.styles';
import { useFormDialog } from '../../components/form-dialog/use-form-dialog';
import { ThumbnailField, TitleAndDescription } from '../../components/video-form-fields';
import { useDashboardDialogActors } from './dialog-actors';
import { FormDialogFrame } from '../../components/form-dialog/form-dialog-frame';
import { VisibilityField } from './visibility-field';
import { CaptionsSection } from './captions-section';

export function EditVideoDialog({
  video,
  onSaved,
  onClose,
}: {
  video: VideoItem;
  onSaved: (video: VideoItem) => void;
  onClose: () => void;
}) {
  const ids = useId();
  const { saveVideoEdit } = useDashboardDialogActors();
  // Bound once per opening: the dialog edits one video for its whole life.
  const [machine] = useState(() =>
    editVideoMachine.provide({ actors: { save: saveVideoEdit(video._id, video) } }),
  );
  const visibility = {
    visibility: video.visibility ?? (video.isPublished ? 'public' : 'private'),
    publishAt: video.publishAt ?? null,
  } as const;
  const form = useFormDialog<EditVideoValues, VideoItem>(
    machine,
    {
      title: video.title,
      description: video.description,
      tags: video.tags,
      thumbnail: null,
      visibility: { ...visibility, problem: null },
    },
    { onSaved, onClose },
  );
  const { actor: edit, values, saving, change } = form;
  const showsTagHint = useSelector(edit, selectShowsTagHint);
  const chosenUrl = useObjectUrl(values.thumbnail);
  // What is typed in the tag box and not yet a tag: the view's own, as nothing is sent from it.
  const [draft, setDraft] = useState('');
  // Why the last picked image was refused before anything was sent (as the upload form says it).
  const [thumbnailError, setThumbnailError] = useState<string | null>(null);

  return (
    <FormDialogFrame title="Edit video" submitLabel="Save" form={form} width={560}>
      <ThumbnailField
        id={`${ids}-thumb`}
        label="Thumbnail"
        preview={
          chosenUrl
            ? { url: chosenUrl, alt: 'New thumbnail preview' }
            : { url: video.thumbnail, alt: 'Current thumbnail' }
        }
        disabled={saving}
        error={thumbnailError}
        onChosen={(file) => {
          const problem = imageFileProblem('thumbnail', file);
          setThumbnailError(problem);
          if (problem === null) change({ thumbnail: file });
        }}
      />
      <TitleAndDescription
        id={ids}
        title={values.title}
        description={values.description}
        descriptionLabel="Description *"
        readOnly={saving}
        onChange={(field, value) => change({ [field]: value })}
      />
      <Field>
        <label htmlFor={`${ids}-tags`}>Tags *</label>
        <TagInput
          id={`${ids}-tags`}
          tags={values.tags}
          draft={draft}
          disabled={saving}
          describedBy={showsTagHint ? `${ids}-tag-hint` : undefined}
          onDraftChange={(text) => {
            // A comma finishes the tag before it, as in the upload form.
            const { finished, draft: rest } = splitTagDraft(text);
            if (finished.length > 0) change({ tags: finished.reduce(addTag, [...values.tags]) });
            setDraft(rest);
          }}
          onAdd={() => {
            change({ tags: addTag(values.tags, draft) });
            setDraft('');
          }}
          onRemove={(tag) => change({ tags: removeTag(values.tags, tag) })}
        />
        {showsTagHint && <small id={`${ids}-tag-hint`}>{DASHBOARD_MESSAGES.tagHint}</small>}
      </Field>
      <VisibilityField
        video={visibility}
        disabled={saving}
        onChoice={(choice) => change({ visibility: choice })}
      />
      {/* issue 34: captions */}
      <CaptionsSection videoId={video._id} />
    </FormDialogFrame>
  );
}
