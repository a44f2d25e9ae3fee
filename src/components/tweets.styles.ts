/** The Tweets tab's look: the compose box and the tweet cards. */
import styled from 'styled-components';

export const Compose = styled.form`
  display: flex;
  flex-direction: column;
  gap: 8px;
  button {
    align-self: flex-end;
  }
`;

export const TextArea = styled.textarea`
  width: 100%;
  resize: vertical;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.accent};
    outline-offset: 0;
  }
`;

export const Card = styled.li`
  display: flex;
  gap: 12px;
  padding: 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  > div {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
    gap: 6px;
  }
  p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

export const Byline = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 8px;
  align-items: baseline;
  strong {
    overflow-wrap: anywhere;
  }
  span,
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;
