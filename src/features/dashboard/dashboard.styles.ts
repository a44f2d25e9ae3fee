/** Styles the dashboard's rows and dialogs share. */
import styled from 'styled-components';

/** The text column of a video or playlist row: linked title, then muted lines. */
export const RowInfo = styled.div`
  display: grid;
  gap: 6px;
  min-width: 0;
  a {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

/** The content of a batch dialog (add to playlists, add or remove videos) above its actions. */
export const DialogBody = styled.div`
  display: grid;
  gap: 12px;
  margin-bottom: 16px;
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
  > button {
    justify-self: start;
  }
`;
