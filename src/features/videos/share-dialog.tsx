/**
 * Share (issue 23): the video's link in a field, "Start at 1:33" to add where the viewer is
 * (`?t=93`, which the watch page honours), and Copy. Copying uses the Clipboard API, and where
 * that is missing or refused (an insecure origin, an old browser) selects the field and uses the
 * older copy command, so the link can always be copied or at least taken from the field.
 */
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { formatDuration } from '../../format';
import { notify } from '../../notify';
import { Button } from '../../ui/button';
import { FormActions } from '../../ui/form';
import { Modal } from '../../ui/modal';
import { Input } from '../../ui/text-field';

export const SHARE_COPIED = 'Link copied to clipboard';
export const SHARE_FAILED = 'Could not copy the link';

const Body = styled.div`
  display: grid;
  gap: 12px;
  label {
    display: flex;
    align-items: center;
    gap: 8px;
  }
`;

/** The watch page's address without query or hash, plus `?t=` when asked for. */
export function shareUrl(videoPath: string, atSeconds: number | null): string {
  const url = new URL(videoPath, window.location.origin);
  if (atSeconds !== null) url.searchParams.set('t', String(Math.floor(atSeconds)));
  return url.toString();
}

async function copy(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    // The fallback of browsers without the Clipboard API (deprecated, still everywhere).
    return document.execCommand?.('copy') ?? false;
  }
}

export function ShareDialog({
  videoPath,
  currentTime,
  onClose,
}: {
  videoPath: string;
  /** Where the player is now, in seconds. */
  currentTime: number;
  onClose: () => void;
}) {
  const [withTime, setWithTime] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const link = shareUrl(videoPath, withTime ? currentTime : null);
  const onCopy = async () => {
    if (await copy(link, field.current)) {
      notify.success(SHARE_COPIED);
      onClose();
    } else {
      notify.error(SHARE_FAILED);
    }
  };
  return (
    <Modal title="Share" onClose={onClose}>
      <Body>
        <Input
          ref={field}
          readOnly
          value={link}
          aria-label="Link to this video"
          onFocus={(e) => e.currentTarget.select()}
        />
        <label>
          <input
            type="checkbox"
            checked={withTime}
            onChange={(e) => setWithTime(e.currentTarget.checked)}
          />
          Start at {formatDuration(Math.floor(currentTime))}
        </label>
      </Body>
      <FormActions>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void onCopy()}>Copy</Button>
      </FormActions>
    </Modal>
  );
}
