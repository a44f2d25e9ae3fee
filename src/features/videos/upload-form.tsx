/**
 * The upload dialog's form: video file, thumbnail (captured at 1 s, replaceable), title,
 * description and tags. It renders the upload machine's selectors and sends its events.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { LIMITS } from '../../../contract/limits';
import {
  selectForm,
  selectFormError,
  selectIsCapturing,
  selectUploadError,
  type UploadTextField,
  type uploadMachine,
} from '../../../machines/upload.machine';
import { Button } from '../../ui/button';
import { FormActions, FormError } from '../../ui/form';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { useObjectUrl } from '../../use-object-url';
import { Field, Form, Preview, Row, Tags } from './upload-form.styles';

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
        <Field>
          <span id={`${ids}-thumb-label`}>Thumbnail *</span>
          <Preview>
            {thumbnailUrl ? (
              <img src={thumbnailUrl} alt="Thumbnail preview" />
            ) : (
              <div className="empty">
                {capturing ? <Spinner label="Capturing thumbnail" /> : 'No thumbnail yet'}
              </div>
            )}
            <div>
              <label htmlFor={`${ids}-thumb`} className="visually-hidden">
                {thumbnailUrl ? 'Replace thumbnail' : 'Choose thumbnail'}
              </label>
              <input
                id={`${ids}-thumb`}
                type="file"
                accept="image/*"
                aria-describedby={`${ids}-thumb-label`}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) upload.send({ type: 'THUMBNAIL_CHOSEN', file });
                }}
              />
            </div>
          </Preview>
        </Field>
        <Field>
          <label htmlFor={`${ids}-title`}>Title *</label>
          <input
            id={`${ids}-title`}
            type="text"
            value={form.title}
            maxLength={LIMITS.title.max}
            onChange={(e) => change('title')(e.target.value)}
          />
        </Field>
        <Field>
          <label htmlFor={`${ids}-description`}>Description *</label>
          <textarea
            id={`${ids}-description`}
            value={form.description}
            maxLength={LIMITS.description.max}
            onChange={(e) => change('description')(e.target.value)}
          />
        </Field>
        <Field>
          <label htmlFor={`${ids}-tags`}>Tags *</label>
          <Row>
            <input
              id={`${ids}-tags`}
              type="text"
              value={form.tagText}
              maxLength={LIMITS.tags.tagMax}
              placeholder="Type a tag, then Enter or comma"
              onChange={(e) => change('tagText')(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  upload.send({ type: 'TAG_ADDED' });
                }
              }}
            />
            <Button variant="secondary" onClick={() => upload.send({ type: 'TAG_ADDED' })}>
              Add
            </Button>
          </Row>
          {form.tags.length > 0 && (
            <Tags aria-label="Tags">
              {form.tags.map((tag) => (
                <li key={tag}>
                  {tag}
                  <button
                    type="button"
                    aria-label={`Remove tag ${tag}`}
                    onClick={() => upload.send({ type: 'TAG_REMOVED', tag })}
                  >
                    ×
                  </button>
                </li>
              ))}
            </Tags>
          )}
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
