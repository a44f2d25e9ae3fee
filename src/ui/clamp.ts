/** Text cut to `lines` lines with an ellipsis; long words break instead of widening the card. */
import { css } from 'styled-components';

export const clampLines = (lines: number) => css`
  display: -webkit-box;
  -webkit-line-clamp: ${lines};
  -webkit-box-orient: vertical;
  overflow: hidden;
  overflow-wrap: anywhere;
`;

/** The muted two-line description under a card's title. */
export const mutedDescription = css`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  ${clampLines(2)}
`;
