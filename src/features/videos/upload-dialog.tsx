/**
 * The Upload Video dialog (uploadMachine): the form (upload-form.tsx), then the progress view
 * (upload-progress.tsx). The machine decides everything; this component owns its actor and turns
 * what it emits into toasts and the close.
 *
 * Choices where the spec is silent: a successful upload says 'Video uploaded successfully'; the
 * required-fields alert shows inside the form (role=alert) rather than as a browser alert box;
 * closing the dialog during an upload cancels it (the request is aborted).
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { VideoItem } from '../../../contract/shapes';
import { uploadMachine } from '../../../machines/upload.machine';
import { selectIsUploadingView } from '../../../machines/upload.selectors';
import { usePageActors } from '../../actors';
import { uploadActors } from '../../api/upload-actors';
import { notify } from '../../notify';
import { useEmitted } from '../../use-emitted';
import { UploadForm } from './upload-form';
import { UploadProgress } from './upload-progress';

export const UPLOAD_SUCCESS = 'Video uploaded successfully';

export function UploadDialog({
  onClose,
  onUploaded,
}: {
  onClose: () => void;
  onUploaded?: (video: VideoItem) => void;
}) {
  const { captureThumbnail, uploadVideo } = usePageActors(uploadActors);
  const upload = useActorRef(uploadMachine.provide({ actors: { captureThumbnail, uploadVideo } }));
  useEmitted(upload, {
    uploaded: ({ video }) => {
      notify.success(UPLOAD_SUCCESS);
      onUploaded?.(video);
    },
    failed: ({ message }) => {
      console.error('Video upload failed:', message);
      notify.error(message);
    },
    thumbnailCaptureFailed: ({ message }) => {
      console.error('Thumbnail capture failed:', message);
      notify.info(`${message}. Please choose a thumbnail image.`);
    },
    closed: () => onClose(),
  });
  const uploadingView = useSelector(upload, selectIsUploadingView);
  return uploadingView ? (
    <UploadProgress upload={upload} onClose={onClose} />
  ) : (
    <UploadForm upload={upload} onClose={onClose} />
  );
}
