/** The look of one comment or reply of the watch page's conversation (issue 33). */
import styled from 'styled-components';
import { COMMENT_COLLAPSE_LINES } from '../../../machines/constants';
import { clampLines } from '../../ui/clamp';
import { commentTextArea } from './comment-box.styles';

export const Item = styled.li`
  display: flex;
  gap: 12px;
  min-width: 0;
  > div {
    flex: 1;
    min-width: 0;
  }
`;

export const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 8px;
`;

export const Who = styled.div`
  font-size: ${({ theme }) => theme.font.size.sm};
  min-width: 0;
  overflow-wrap: anywhere;
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  strong + span {
    margin-left: 8px;
  }
  strong {
    font-weight: 600;
  }
`;

/** "Pinned by @channel", above the byline. */
export const PinnedLabel = styled.p`
  margin: 0 0 2px;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** "Held for review", "Only you can see this comment". */
export const Notice = styled.p`
  margin: 4px 0 0;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.colors.focus};
`;

export const Text = styled.p<{ $collapsed: boolean }>`
  margin: 2px 0 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  ${({ $collapsed }) => ($collapsed ? clampLines(COMMENT_COLLAPSE_LINES) : '')}
`;

export const Tombstone = styled.p`
  margin: 2px 0 0;
  font-style: italic;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const More = styled.button`
  margin-top: 4px;
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
  cursor: pointer;
`;

/** Like, the creator's heart and Reply under the text; wraps on a phone. */
export const ActionBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 8px;
  margin-top: 4px;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export const SmallButton = styled.button<{ $on?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 32px;
  padding: 0 10px;
  border: none;
  border-radius: ${({ theme }) => theme.radii.round};
  background: transparent;
  color: ${({ theme, $on }) => ($on ? theme.colors.accent : theme.colors.text)};
  font-weight: 600;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
  &[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.7;
  }
`;

export const HeartBadge = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: 600;
`;

export const Box = styled.form`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin-top: 6px;
  textarea {
    ${commentTextArea}
  }
  > div {
    display: flex;
    justify-content: flex-end;
    gap: 8px;
  }
`;

/** A thread's replies: indented under their comment, less on a phone. */
export const Replies = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 8px;
  margin-top: 4px;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 14px;
    width: 100%;
  }
`;

export const ThreadToggle = styled(SmallButton)`
  color: ${({ theme }) => theme.colors.accent};
`;
