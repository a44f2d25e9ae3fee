/** Styles the dashboard's rows share. */
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
