/** The batch dialogs' checklist: one line per playlist or video, with its save state. */
import styled from 'styled-components';

export const Lines = styled.ul`
  margin: 0 0 12px;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 6px;
`;

export const Line = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: 44px;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  label {
    display: flex;
    align-items: center;
    gap: 10px;
    min-width: 0;
    overflow-wrap: anywhere;
    cursor: pointer;
  }
  input {
    flex: none;
    width: 18px;
    height: 18px;
  }
  input:disabled + span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** A line's note: 'Already in playlist', or its state while saving. */
export const Note = styled.small<{ $tone: 'muted' | 'ok' | 'danger' }>`
  flex: none;
  max-width: 50%;
  text-align: right;
  color: ${({ theme, $tone }) =>
    $tone === 'ok'
      ? theme.colors.success
      : $tone === 'danger'
        ? theme.colors.danger
        : theme.colors.textMuted};
`;

export const Pager = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-bottom: 12px;
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;
