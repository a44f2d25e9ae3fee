/** Read by screen readers, not shown: announcements and labels with no place on screen. */
import { css } from 'styled-components';

export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;
