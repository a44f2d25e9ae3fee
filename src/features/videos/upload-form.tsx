/**
 * The upload dialog's form: video file, thumbnail (captured at 1 s, replaceable), title,
 * description and tags. It renders the upload machine's selectors and sends its events.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { uploadMachine } from '../../../machines/upload.machine';
import {
  selectForm,
  selectFormError,
  selectIsCapturing,
  selectUploadError,
} from '../../../machines/upload.selectors';
import type { UploadTextField } from '../../../machines/upload.types';
import { Button } from '../../ui/button';
import { FormActions, FormError } from '../../ui/form';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { useObjectUrl } from '../../use-object-url';
import { TagInput } from '../../components/tag-input';
import { Field, Form } from '../../ui/form-layout.styles';
import { ThumbnailField, TitleAndDescription } from '../../components/video-form-fields';

export function UploadForm({
  upload,
  onClose,
}: {
  upload: ActorRefFrom<typeof uploadMachine>;
  onClose: () => void;
}) {
  const ids = useId();
  const form = useSelector(upload, selectForm, (a, b) =>
    (Object.keys(a) as Array<keyof typeof a>).every((k) => a[k] === b[k]),
  );
  const formError = useSelector(upload, selectFormError);
  const uploadError = useSelector(upload, selectUploadError);
  const capturing = useSelector(upload, selectIsCapturing);
  const thumbnailUrl = useObjectUrl(form.thumbnail);

  const change = (field: UploadTextField) => (value: string) =>
    upload.send({ type: 'FIELD_CHANGED', field, value });

  return (
    <Modal title="Upload Video" onClose={onClose} width={560}>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          upload.send({ type: 'SUBMIT' });
        }}
      >
        <Field>
          <label htmlFor={`${ids}-video`}>Video file *</label>
          <input
            id={`${ids}-video`}
            type="file"
            accept="video/*"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) upload.send({ type: 'VIDEO_CHOSEN', file });
            }}
          />
        </Field>
        <ThumbnailField
          id={`${ids}-thumb`}
          label="Thumbnail *"
          preview={thumbnailUrl ? { url: thumbnailUrl, alt: 'Thumbnail preview' } : null}
          empty={capturing ? <Spinner label="Capturing thumbnail" /> : 'No thumbnail yet'}
          onChosen={(file) => upload.send({ type: 'THUMBNAIL_CHOSEN', file })}
        />
        <TitleAndDescription
          id={ids}
          title={form.title}
          description={form.description}
          descriptionLabel="Description *"
          onChange={(field, value) => change(field)(value)}
        />
        <Field>
          <label htmlFor={`${ids}-tags`}>Tags *</label>
          <TagInput
            id={`${ids}-tags`}
            tags={form.tags}
            draft={form.tagText}
            onDraftChange={change('tagText')}
            onAdd={() => upload.send({ type: 'TAG_ADDED' })}
            onRemove={(tag) => upload.send({ type: 'TAG_REMOVED', tag })}
          />
        </Field>
        <FormError message={formError} />
        <FormError message={uploadError} />
        <FormActions>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Upload</Button>
        </FormActions>
      </Form>
    </Modal>
  );
}
