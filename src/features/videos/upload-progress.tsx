/**
 * The upload dialog while the video is sent: the bar, the real bytes sent, a notice while the
 * connection is down (the upload resumes by itself), and Finish at 100.
 */
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { uploadMachine } from '../../../machines/upload.machine';
import {
  selectBytes,
  selectCanFinish,
  selectForm,
  selectIsProcessingOnServer,
  selectResumingMessage,
  selectIsReconnecting,
  selectProgress,
} from '../../../machines/upload.selectors';
import {
  UPLOAD_PROCESSING_MESSAGE,
  UPLOAD_RECONNECTING_MESSAGE,
} from '../../../machines/upload.types';
import { formatBytes } from '../../../contract/format-bytes';
import { Button } from '../../ui/button';
import { FormActions } from '../../ui/form';
import { Modal } from '../../ui/modal';

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

const Body = styled.div`
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

const Notice = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function UploadProgress({
  upload,
  onClose,
}: {
  upload: ActorRefFrom<typeof uploadMachine>;
  onClose: () => void;
}) {
  const fileName = useSelector(upload, (s) => selectForm(s).videoFile?.name);
  const progress = useSelector(upload, selectProgress);
  const bytes = useSelector(
    upload,
    selectBytes,
    (a, b) => a.sent === b.sent && a.total === b.total,
  );
  const canFinish = useSelector(upload, selectCanFinish);
  const reconnecting = useSelector(upload, selectIsReconnecting);
  const processing = useSelector(upload, selectIsProcessingOnServer);
  const resuming = useSelector(upload, selectResumingMessage);
  return (
    <Modal title="Uploading Video" onClose={onClose} width={520}>
      <Body>
        <p>{fileName}</p>
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
        {resuming && <Notice role="status">{resuming}</Notice>}
        {reconnecting && <Notice role="status">{UPLOAD_RECONNECTING_MESSAGE}</Notice>}
        {processing && <Notice role="status">{UPLOAD_PROCESSING_MESSAGE}</Notice>}
        <FormActions>
          <Button disabled={!canFinish} onClick={() => upload.send({ type: 'FINISH' })}>
            Finish
          </Button>
        </FormActions>
      </Body>
    </Modal>
  );
}
