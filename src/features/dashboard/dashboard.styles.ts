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

/**
 * A row's buttons (grid area `actions`): in a line, and on phones two per line over the full
 * width, so every button stays easy to hit.
 */
export const RowActions = styled.div`
  grid-area: actions;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  @media (max-width: 480px) {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;
