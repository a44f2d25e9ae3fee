/** The small layout pieces of the mailed-link pages (forgot, reset, confirm). */
import styled from 'styled-components';

export const Stack = styled.div`
  display: grid;
  gap: 16px;
  p {
    margin: 0;
  }
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
