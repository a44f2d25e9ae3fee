/**
 * Autoplay's countdown over the ended video (issue 31): "Up next in 5", the next video's title and
 * Cancel, over a dimmed picture; the control bar below stays usable (seeking or playing cancels).
 * Screen readers hear it once as it starts (a status whose text does not change each second); the
 * visible count is plain text.
 */
import { useId } from 'react';
import styled from 'styled-components';
import { visuallyHidden } from '../../ui/visually-hidden';

const Scrim = styled.section`
  position: absolute;
  inset: 0 0 56px 0;
  display: grid;
  place-items: center;
  padding: 12px;
  background: rgba(0, 0, 0, 0.62);
  color: #fff;
  text-align: center;
`;

const Panel = styled.div`
  display: grid;
  justify-items: center;
  gap: 8px;
  max-width: min(420px, 100%);
  min-width: 0;
  p {
    margin: 0;
  }
  .count {
    font-size: 15px;
    color: #ddd;
  }
  .title {
    font-size: 18px;
    font-weight: 700;
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
  button {
    margin-top: 4px;
    min-height: 40px;
    padding: 0 18px;
    border: none;
    border-radius: 999px;
    background: rgba(255, 255, 255, 0.18);
    color: #fff;
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  button:hover {
    background: rgba(255, 255, 255, 0.28);
  }
  button:focus-visible {
    outline: 2px solid #3ea6ff;
  }
`;

const Announcement = styled.span`
  ${visuallyHidden}
`;

export const UP_NEXT_IN = (seconds: number) => `Up next in ${seconds}`;

export function AutoplayCountdown({
  seconds,
  title,
  onCancel,
}: {
  seconds: number;
  title: string;
  onCancel: () => void;
}) {
  const heading = useId();
  return (
    <Scrim aria-labelledby={heading} data-testid="autoplay-countdown">
      <Panel>
        <p className="count" id={heading}>
          {UP_NEXT_IN(seconds)}
        </p>
        <p className="title">{title}</p>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </Panel>
      <Announcement role="status">{`Up next: ${title}. Autoplay is counting down; Cancel stops it.`}</Announcement>
    </Scrim>
  );
}
