/** Shared look of the viewer's library pages (History, Subscriptions, a playlist). */
import { Link } from 'wouter';
import styled from 'styled-components';
import { buttonStyle } from '../../ui/button';

export const Page = styled.section`
  display: grid;
  gap: 20px;
  padding: 8px 0 24px;
  min-width: 0;
`;

/** The page's heading with its action (Clear all history) on the right. */
export const Heading = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.xl};
  }
`;

/** Empty and failed states: a message, a line of help and one way on. */
export const Notice = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  padding: 56px 16px;
  text-align: center;
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  p {
    margin: 0;
    max-width: 420px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const ButtonLink = styled(Link)`
  ${buttonStyle}
`;
