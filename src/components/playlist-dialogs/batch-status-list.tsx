/**
 * The save queue of a batch dialog (add to playlists, add videos, remove videos): one line per
 * selected item with its own state, pending → loading → completed | error, as the batch machine
 * moves it (machines/add-to-playlist.machine.ts, selectLineViews). Presentational only, so every
 * batch dialog shows its progress the same way.
 */
import styled from 'styled-components';
import type { BatchLineView } from '../../../machines/add-to-playlist.selectors';
import type { LineStatus } from '../../../machines/batch-items';
import { Spinner } from '../../ui/spinner';

/** The bare list both batch lists (this one and the checklist) are built on. */
export const BatchList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
`;

const Line = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: 40px;
  padding: 6px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  > span:first-child {
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const State = styled.span<{ $status: LineStatus }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  max-width: 55%;
  text-align: right;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ $status, theme }) =>
    $status === 'completed'
      ? theme.colors.success
      : $status === 'error'
        ? theme.colors.danger
        : theme.colors.textMuted};
`;

/** The words of each state (ours); an error line shows the server's reason instead. */
export const LINE_STATUS_TEXT: Readonly<Record<LineStatus, string>> = {
  pending: 'Waiting',
  loading: 'Saving…',
  completed: 'Completed',
  error: 'Failed',
};

export function BatchStatusList({ lines, label }: { lines: BatchLineView[]; label: string }) {
  return (
    <BatchList aria-label={label}>
      {lines.map((line) => (
        <Line key={line.itemId} aria-label={line.label}>
          <span>{line.label}</span>
          <State $status={line.status} data-status={line.status}>
            {line.status === 'loading' && <Spinner size={14} label="Saving" />}
            {line.status === 'completed' && <span aria-hidden="true">✓</span>}
            {line.status === 'error' && <span aria-hidden="true">✕</span>}
            {line.status === 'error' && line.error
              ? `${LINE_STATUS_TEXT.error}: ${line.error}`
              : LINE_STATUS_TEXT[line.status]}
          </State>
        </Line>
      ))}
    </BatchList>
  );
}
