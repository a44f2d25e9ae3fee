/**
 * Share (issue 23): the video's link in a field, "Start at 1:33" to add where the viewer is
 * (`?t=93`, which the watch page honours), and Copy. Copying uses the Clipboard API, and where
 * that is missing or refused (an insecure origin, an old browser) selects the field and uses the
 * older copy command, so the link can always be copied or at least taken from the field.
 *
 * Issue 34: "Embed" shows the `<iframe>` code of the embeddable player (/embed/{id}, with the
 * same `?t=` when Start at is ticked) for a page on another site, and Copy copies that instead.
 */
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { embedCode } from '../../../contract/syndication';
import { formatDuration } from '../../format';
import { notify } from '../../notify';
import { Button } from '../../ui/button';
import { FormActions } from '../../ui/form';
import { Modal } from '../../ui/modal';
import { Input } from '../../ui/text-field';

export const SHARE_COPIED = 'Link copied to clipboard';
export const SHARE_FAILED = 'Could not copy the link';
export const EMBED_COPIED = 'Embed code copied to clipboard';

const Tabs = styled.div`
  display: flex;
  gap: 8px;
`;

const Code = styled.textarea`
  width: 100%;
  min-height: 96px;
  resize: vertical;
  font:
    13px/1.4 ui-monospace,
    monospace;
  padding: 8px;
  border-radius: 8px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: inherit;
`;

/** The embed code of the video at `videoPath` (/watch/{id}), starting at `atSeconds` if given. */
export function shareEmbedCode(videoPath: string, atSeconds: number | null): string {
  const videoId = decodeURIComponent(videoPath.split('/').filter(Boolean).pop() ?? '');
  const code = embedCode(window.location.origin, videoId, 'VidTube video player');
  if (atSeconds === null) return code;
  return code.replace(/(src="[^"]+)"/, `$1?t=${Math.floor(atSeconds)}"`);
}

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

async function copy(
  text: string,
  field: HTMLInputElement | HTMLTextAreaElement | null,
): Promise<boolean> {
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
  const [embed, setEmbed] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const codeField = useRef<HTMLTextAreaElement>(null);
  const at = withTime ? currentTime : null;
  const link = shareUrl(videoPath, at);
  const code = shareEmbedCode(videoPath, at);
  const onCopy = async () => {
    if (await copy(embed ? code : link, embed ? codeField.current : field.current)) {
      notify.success(embed ? EMBED_COPIED : SHARE_COPIED);
      onClose();
    } else {
      notify.error(SHARE_FAILED);
    }
  };
  return (
    <Modal title="Share" onClose={onClose}>
      <Body>
        <Tabs role="group" aria-label="What to share">
          <Button
            variant={embed ? 'ghost' : 'primary'}
            aria-pressed={!embed}
            onClick={() => setEmbed(false)}
          >
            Link
          </Button>
          <Button
            variant={embed ? 'primary' : 'ghost'}
            aria-pressed={embed}
            onClick={() => setEmbed(true)}
          >
            Embed
          </Button>
        </Tabs>
        {embed ? (
          <Code
            ref={codeField}
            readOnly
            value={code}
            aria-label="Embed code"
            onFocus={(e) => e.currentTarget.select()}
          />
        ) : (
          <Input
            ref={field}
            readOnly
            value={link}
            aria-label="Link to this video"
            onFocus={(e) => e.currentTarget.select()}
          />
        )}
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
