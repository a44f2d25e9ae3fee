/**
 * Settings' avatar / cover upload popup (spec "Settings", §4, §5). The actor is owned by the
 * settings header (it also opens the popup); this view renders its state and forwards the user's
 * actions. Toasts come from the actor's emitted events, wired by the owner.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import styled from 'styled-components';
import { MESSAGES } from '../../../machines/messages';
import {
  selectCanUpload,
  selectError,
  selectFile,
  selectIsDragOver,
  selectIsOpen,
  selectIsUploading,
  selectKind,
  type imageUploadMachine,
} from '../../../machines/image-upload.machine';
import { Button } from '../../ui/button';
import { FormActions, FormError } from '../../ui/form';
import { Modal } from '../../ui/modal';
import { useObjectUrl } from '../../use-object-url';
import { ImagePicker } from './image-picker';

export type ImageUploadRef = ActorRefFrom<typeof imageUploadMachine>;

const Body = styled.div`
  display: grid;
  gap: 16px;
`;
const Chosen = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  img {
    width: 56px;
    height: 56px;
    object-fit: cover;
    border-radius: 8px;
  }
  span {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

export function ImageUploadPopup({ actor }: { actor: ImageUploadRef }) {
  const open = useSelector(actor, selectIsOpen);
  const kind = useSelector(actor, selectKind);
  const file = useSelector(actor, selectFile);
  const canUpload = useSelector(actor, selectCanUpload);
  const uploading = useSelector(actor, selectIsUploading);
  const dragOver = useSelector(actor, selectIsDragOver);
  const error = useSelector(actor, selectError);
  const preview = useObjectUrl(file);
  if (!open) return null;

  const what = kind === 'avatar' ? 'avatar' : 'cover image';
  return (
    <Modal title={`Change ${what}`} onClose={() => actor.send({ type: 'CLOSE' })}>
      <Body>
        <ImagePicker
          label={`Choose ${what} file`}
          onFile={(f) => actor.send({ type: 'FILE_CHOSEN', file: f })}
          dragOver={dragOver}
          onDragOver={() => actor.send({ type: 'DRAG_OVER' })}
          onDragLeave={() => actor.send({ type: 'DRAG_LEAVE' })}
          disabled={uploading}
        />
        {file && (
          <Chosen>
            {preview && <img src={preview} alt="Chosen image preview" />}
            <span>{file instanceof File ? file.name : 'Chosen image'}</span>
            <Button
              variant="ghost"
              onClick={() => actor.send({ type: 'CLEAR_FILE' })}
              disabled={uploading}
            >
              Remove
            </Button>
          </Chosen>
        )}
        <FormError message={error} />
        <FormActions>
          <Button
            variant="secondary"
            onClick={() => actor.send({ type: 'CLOSE' })}
            disabled={uploading}
          >
            Cancel
          </Button>
          <Button
            onClick={() => actor.send({ type: 'UPLOAD' })}
            disabled={!canUpload}
            loading={uploading}
          >
            {MESSAGES.upload}
          </Button>
        </FormActions>
      </Body>
    </Modal>
  );
}
