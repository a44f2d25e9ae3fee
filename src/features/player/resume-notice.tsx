/**
 * "Resumed at 1:33 · Start over" over the picture, above the control bar (at the top on phones),
 * shown with the bar.
 */
import styled from 'styled-components';
import { formatDuration } from '../../format';

const Box = styled.div`
  position: absolute;
  left: 12px;
  bottom: 84px;
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 6px 6px 6px 12px;
  border-radius: 8px;
  background: rgba(0, 0, 0, 0.78);
  color: #fff;
  font-size: 13px;
  transition: opacity 0.25s;
  button {
    border: none;
    border-radius: 6px;
    padding: 6px 10px;
    background: rgba(255, 255, 255, 0.16);
    color: #fff;
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  button:focus-visible {
    outline: 2px solid #3ea6ff;
  }
  button.close {
    background: none;
    padding: 6px 8px;
  }
  /*
   * Phones: the player is about 200 px tall, so above the controls there is room for the seek
   * preview or this notice, not both: the notice docks at the top of the picture, the preview
   * tile stays above the bar (seek-preview.tsx draws it smaller there).
   */
  @media (max-width: 520px) {
    top: 6px;
    bottom: auto;
  }
`;

export function ResumeNotice({
  seconds,
  shown,
  onStartOver,
  onDismiss,
}: {
  seconds: number;
  shown: boolean;
  onStartOver: () => void;
  onDismiss: () => void;
}) {
  return (
    <Box role="status" data-testid="resume-notice" style={{ opacity: shown ? 1 : 0 }}>
      <span>Resumed at {formatDuration(seconds)}</span>
      <button type="button" onClick={onStartOver}>
        Start over
      </button>
      <button type="button" className="close" aria-label="Close" onClick={onDismiss}>
        ×
      </button>
    </Box>
  );
}
