/** The look of a drop-down menu's panel (the account menu, the dashboard's Create menu). */
import { css } from 'styled-components';

/** Anchored under the right edge of its button; each menu sets its own offset and width. */
export const menuPanel = css`
  position: absolute;
  right: 0;
  margin: 0;
  padding: 6px;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadow};
`;
