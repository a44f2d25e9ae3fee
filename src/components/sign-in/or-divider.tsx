import styled from 'styled-components';

/** The "or" between the three-field form and the other ways to sign in. */
export const OrDivider = styled.p.attrs({ children: 'or' })`
  display: flex;
  align-items: center;
  gap: 12px;
  margin: 16px 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;
