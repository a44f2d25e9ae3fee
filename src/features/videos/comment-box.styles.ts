/** The look of a comment's text box, shared by the add box and the edit box. */
import { css } from 'styled-components';

export const commentTextArea = css`
  width: 100%;
  min-height: 44px;
  resize: vertical;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.bg};
`;
