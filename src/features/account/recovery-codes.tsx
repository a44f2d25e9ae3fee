/** The ten recovery codes, shown once (issue 32): Copy and Download, then "I have saved them". */
import styled from 'styled-components';
import { notify } from '../../notify';
import { Button, buttonStyle } from '../../ui/button';
import { useObjectUrl } from '../../use-object-url';
import { useMemo } from 'react';

const Codes = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: 8px 16px;
  margin: 0;
  padding: 12px 16px;
  list-style: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: 15px;
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;
const DownloadLink = styled.a<{ $variant: 'secondary' }>`
  ${buttonStyle}
`;

export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `VidTube recovery codes\nEach code works once.\n\n${codes.join('\n')}\n`;
  const file = useMemo(() => new Blob([text], { type: 'text/plain' }), [text]);
  const href = useObjectUrl(file);
  return (
    <>
      <p>
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your
        authenticator app. They will not be shown again.
      </p>
      <Codes aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Codes>
      <Actions>
        <Button
          variant="secondary"
          onClick={() => {
            navigator.clipboard
              .writeText(text)
              .then(() => notify.success('Recovery codes copied', 'two-step'))
              .catch(() => notify.error('Could not copy. Download them instead.', 'two-step'));
          }}
        >
          Copy
        </Button>
        {href && (
          <DownloadLink $variant="secondary" href={href} download="vidtube-recovery-codes.txt">
            Download
          </DownloadLink>
        )}
        <Button onClick={onDone}>I have saved them</Button>
      </Actions>
    </>
  );
}
