/** Header and footer of the static legal pages (spec "Legal pages"). */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import styled from 'styled-components';
import { APP_VERSION, FOOTER_YEAR, PRODUCT_NAME } from '../../../machines/constants';
import { BrandLink } from '../../ui/brand-link';

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 12px;
  padding: 14px 20px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  nav {
    display: flex;
    gap: 16px;
    font-size: 14px;
  }
`;
const Main = styled.main`
  max-width: 820px;
  margin: 0 auto;
  padding: 32px 20px 48px;
  h1 {
    font-size: 32px;
  }
  h2 {
    font-size: 20px;
    margin-top: 32px;
  }
  p,
  li {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
const Footer = styled.footer`
  display: flex;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 8px;
  padding: 20px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
`;

export function LegalLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <Header>
        <BrandLink logoSize={28} textSize={19} />
        <nav aria-label="Legal">
          <Link href="/TermsAndConditions">Terms and Conditions</Link>
          <Link href="/PrivacyPolicy">Privacy Policy</Link>
        </nav>
      </Header>
      <Main>{children}</Main>
      <Footer>
        <span>
          © {FOOTER_YEAR} {PRODUCT_NAME}. All rights reserved.
        </span>
        <span>Version {APP_VERSION}</span>
      </Footer>
    </>
  );
}

/** The section headings both legal pages share (spec "Legal pages"). */
export const LEGAL_SECTIONS = [
  {
    title: 'Information We Collect',
    text: 'We collect the details you give us when you create an account (your name, username and email address), the pictures and videos you upload, and basic information about how you use the service, such as the videos you watch.',
  },
  {
    title: 'How We Use Your Information',
    text: 'We use this information to run your account, show your channel and videos to others, recommend videos you may like, keep the service safe and improve it.',
  },
  {
    title: 'Cookies',
    text: 'We use cookies to keep you signed in and to remember your preferences. They are necessary for the service to work and are not used for advertising.',
  },
  {
    title: 'Data Retention',
    text: 'We keep your information for as long as your account exists. When you delete content it is removed from the service; backups expire after a short period.',
  },
  {
    title: 'Security',
    text: 'Passwords are stored only as strong one-way hashes, sessions use secure cookies, and access to your data is limited to what the service needs.',
  },
  {
    title: 'Your Privacy Rights',
    text: 'You may view and update your personal information in Settings at any time, and ask us for a copy of your data or for its deletion.',
  },
  {
    title: 'Contact Us',
    text: 'If you have questions about these terms or your privacy, contact us at support@vidtube.example.',
  },
] as const;
