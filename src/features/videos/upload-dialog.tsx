/**
 * The Upload Video dialog (uploadMachine): the form (video file, thumbnail captured at 1 s and
 * replaceable, title, description, tags), then the uploading view with the bar, the real bytes
 * sent and Finish (enabled only at 100). The machine decides everything; this view renders its
 * selectors, sends events and turns its emitted events into toasts and the close.
 *
 * Choices where the spec is silent: a successful upload says 'Video uploaded successfully'; the
 * required-fields alert shows inside the form (role=alert) rather than as a browser alert box;
 * closing the dialog during an upload cancels it (the request is aborted).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo } from 'react';
import { notify } from '../../notify';
import styled from 'styled-components';
import type { VideoItem } from '../../../contract/shapes';
import { LIMITS } from '../../../contract/limits';
import {
  selectBytes,
  selectCanFinish,
  selectForm,
  selectFormError,
  selectIsCapturing,
  selectIsUploadingView,
  selectProgress,
  selectUploadError,
  uploadMachine,
  type UploadTextField,
} from '../../../machines/upload.machine';
import { formatBytes } from '../../format';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { useVideoActors } from './video-actors';

export const UPLOAD_SUCCESS = 'Video uploaded successfully';

const Form = styled.form`
  /* Native file pickers follow the dark theme. */
  color-scheme: dark;
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  > label,
  > span {
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  input[type='text'],
  textarea {
    width: 100%;
    min-height: 42px;
    padding: 8px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.bg};
  }
  textarea {
    resize: vertical;
    min-height: 90px;
  }
  input[type='file'] {
    font-size: ${({ theme }) => theme.font.size.sm};
    max-width: 100%;
  }
`;

const Row = styled.div`
  display: flex;
  gap: 8px;
  input {
    flex: 1;
    min-width: 0;
  }
`;

const Preview = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
  img,
  .empty {
    width: 160px;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    display: grid;
    place-items: center;
    font-size: ${({ theme }) => theme.font.size.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Tags = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  li {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    padding: 2px 4px 2px 10px;
    border-radius: ${({ theme }) => theme.radii.round};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  button {
    border: none;
    background: none;
    cursor: pointer;
    padding: 2px 6px;
    border-radius: 50%;
  }
`;

const Alert = styled.p`
  margin: 0;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: rgba(255, 107, 107, 0.12);
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`;

const Track = styled.div`
  height: 10px;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  overflow: hidden;
  > div {
    height: 100%;
    background: ${({ theme }) => theme.colors.accent};
    transition: width 0.3s ease;
  }
`;

const Progress = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Numbers = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

/** An object URL for a Blob, revoked when the Blob changes or the dialog closes. */
function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

export function UploadDialog({
  onClose,
  onUploaded,
}: {
  onClose: () => void;
  onUploaded?: (video: VideoItem) => void;
}) {
  const { captureThumbnail, uploadVideo } = useVideoActors();
  const upload = useActorRef(uploadMachine.provide({ actors: { captureThumbnail, uploadVideo } }));
  const ids = useId();

  useEffect(() => {
    const subs = [
      upload.on('uploaded', ({ video }) => {
        notify.success(UPLOAD_SUCCESS);
        onUploaded?.(video);
      }),
      upload.on('failed', ({ message }) => {
        console.error('Video upload failed:', message);
        notify.error(message);
      }),
      upload.on('thumbnailCaptureFailed', ({ message }) => {
        console.error('Thumbnail capture failed:', message);
        notify.info(`${message}. Please choose a thumbnail image.`);
      }),
      upload.on('closed', () => onClose()),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [upload, onClose, onUploaded]);

  const uploadingView = useSelector(upload, selectIsUploadingView);
  const form = useSelector(upload, selectForm, (a, b) =>
    (Object.keys(a) as Array<keyof typeof a>).every((k) => a[k] === b[k]),
  );
  const formError = useSelector(upload, selectFormError);
  const uploadError = useSelector(upload, selectUploadError);
  const capturing = useSelector(upload, selectIsCapturing);
  const progress = useSelector(upload, selectProgress);
  const bytes = useSelector(
    upload,
    selectBytes,
    (a, b) => a.sent === b.sent && a.total === b.total,
  );
  const canFinish = useSelector(upload, selectCanFinish);
  const thumbnailUrl = useObjectUrl(form.thumbnail);

  const change = (field: UploadTextField) => (value: string) =>
    upload.send({ type: 'FIELD_CHANGED', field, value });

  if (uploadingView) {
    return (
      <Modal title="Uploading Video" onClose={onClose} width={520}>
        <Progress>
          <p>{form.videoFile?.name}</p>
          <Track
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <div style={{ width: `${progress}%` }} />
          </Track>
          <Numbers>
            <span data-testid="upload-percent">{progress}%</span>
            <span data-testid="upload-bytes">
              {formatBytes(bytes.sent)} of {formatBytes(bytes.total)}
            </span>
          </Numbers>
          <Footer>
            <Button disabled={!canFinish} onClick={() => upload.send({ type: 'FINISH' })}>
              Finish
            </Button>
          </Footer>
        </Progress>
      </Modal>
    );
  }

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
        {formError && <Alert role="alert">{formError}</Alert>}
        {uploadError && <Alert role="alert">{uploadError}</Alert>}
        <Footer>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Upload</Button>
        </Footer>
      </Form>
    </Modal>
  );
}
