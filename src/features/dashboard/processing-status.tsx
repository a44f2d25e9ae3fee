/**
 * A dashboard row's conversion status (issue 12): "Processing… 42%" while the renditions are made
 * (polled by the row's own machine), the reason and Retry when it failed, nothing once ready. A
 * conversion that finishes while the page is open is announced with a toast.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import styled from 'styled-components';
import type { OwnVideoItem } from '../../../contract/videos';
import { PROCESSING_MESSAGES, processingReadyText } from '../../../machines/dashboard-messages';
import {
  processingStatusMachine,
  selectIsFailed,
  selectIsProcessing,
  selectIsRetrying,
  selectProcessing,
  selectRetryError,
} from '../../../machines/processing-status.machine';
import { usePageActors } from '../../actors';
import { videoProcessingActors } from '../../api/video-processing';
import { notify } from '../../notify';
import { Button } from '../../ui/button';
import { useEmitted } from '../../use-emitted';

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Busy = styled.p`
  color: ${({ theme }) => theme.colors.text};
`;

const Failure = styled.p`
  && {
    color: ${({ theme }) => theme.colors.danger};
  }
`;

/** Rendered only for a row whose video the list shows as processing or failed. */
export function ProcessingStatus({ video }: { video: OwnVideoItem }) {
  const { fetchProcessing, retryProcessing } = usePageActors(videoProcessingActors);
  const status = useActorRef(
    processingStatusMachine.provide({ actors: { fetchProcessing, retryProcessing } }),
    { input: { videoId: video._id } },
  );
  const processing = useSelector(status, selectProcessing);
  const converting = useSelector(status, selectIsProcessing);
  const failed = useSelector(status, selectIsFailed);
  const retrying = useSelector(status, selectIsRetrying);
  const retryError = useSelector(status, selectRetryError);

  // The row's state as the list answered it: the machine polls from there.
  useEffect(() => {
    status.send({ type: 'SHOW', processing: video.processing });
  }, [status, video.processing]);
  useEmitted(status, {
    ready: ({ processing: done }) =>
      notify.success(processingReadyText(video.title, done.renditions)),
  });

  if (converting && processing) {
    return (
      <Line role="status">
        <Busy>
          {PROCESSING_MESSAGES.processing} {Math.round(processing.progress * 100)}%
        </Busy>
      </Line>
    );
  }
  if (!failed || !processing) return null;
  return (
    <Line>
      <Failure>{processing.error}</Failure>
      <Button variant="secondary" loading={retrying} onClick={() => status.send({ type: 'RETRY' })}>
        {PROCESSING_MESSAGES.retry}
      </Button>
      {retryError && <Failure role="alert">{retryError}</Failure>}
    </Line>
  );
}
