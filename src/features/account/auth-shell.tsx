/**
 * The frame of the sign-in and signup pages: a promo panel (what creators get) beside a card with
 * the form. On phones the promo shrinks to the logo line above the card.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PRODUCT_NAME } from '../../../machines/constants';
import { BrandLink } from '../../ui/brand-link';

const Page = styled.div`
  display: grid;
  min-height: 100vh;
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 1fr 1fr;
  }
`;
/* Phones: the promise sits below the form; wide screens: a panel beside it. */
const Promo = styled.aside`
  order: 2;
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: 16px;
  padding: 24px 20px 40px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background:
    radial-gradient(circle at 20% 20%, rgba(174, 122, 255, 0.28), transparent 55%),
    radial-gradient(circle at 80% 90%, rgba(61, 220, 151, 0.12), transparent 50%),
    ${({ theme }) => theme.colors.surface};
  h2 {
    font-size: 22px;
    margin: 0;
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: 12px;
  }
  li {
    display: grid;
    gap: 2px;
  }
  li strong {
    font-size: 16px;
  }
  li span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  ${({ theme }) => theme.media.lg} {
    order: 0;
    gap: 24px;
    padding: 48px 64px;
    border-top: none;
    border-right: 1px solid ${({ theme }) => theme.colors.border};
    h2 {
      font-size: 34px;
    }
    ul {
      gap: 16px;
    }
    li strong {
      font-size: 17px;
    }
  }
`;
const Side = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 20px;
  padding: 24px 16px 48px;
`;
export const Card = styled.section`
  width: 100%;
  max-width: 440px;
  padding: 28px 24px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow};
  h1 {
    font-size: 24px;
    margin-bottom: 4px;
  }
`;
export const Muted = styled.p`
  margin: 0 0 20px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
export const CardFooter = styled.p`
  margin: 20px 0 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  /* A link inside a sentence is told apart by its underline, not by its colour alone. */
  a {
    text-decoration: underline;
  }
`;

export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <Page>
      <Promo>
        <h2>Create, share and grow on {PRODUCT_NAME}</h2>
        <ul>
          <li>
            <strong>Upload in HD</strong>
            <span>Share your videos in high definition, ready to stream anywhere.</span>
          </li>
          <li>
            <strong>Build your community</strong>
            <span>Grow subscribers, talk with viewers in comments and tweets.</span>
          </li>
          <li>
            <strong>Join the creator program</strong>
            <span>Earn money from your content as your channel grows.</span>
          </li>
        </ul>
      </Promo>
      <Side>
        <BrandLink logoSize={34} textSize={22} />
        {children}
      </Side>
    </Page>
  );
}
