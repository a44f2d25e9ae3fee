/**
 * The main shell (spec "Layout"): top bar, collapsible side menu on wide screens, bottom bar on
 * phones, and the page in between.
 */
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { EmailConfirmBanner } from '../components/email-confirm-banner';
import { BottomBar } from './bottom-bar';
import { BOTTOM_BAR, SIDE_MENU, type NavItem } from './nav-items';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

/** Keyboard users can jump past the top bar and menu; visible only when focused. */
const SkipLink = styled.a`
  position: absolute;
  left: 8px;
  top: -60px;
  z-index: 200;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.accentText};
  font-weight: 600;
  &:focus {
    top: 8px;
  }
`;

const Body = styled.div`
  display: flex;
  align-items: flex-start;
`;
export const Main = styled.main`
  flex: 1;
  /* Focused only by the skip link: no ring around the whole page. */
  &:focus-visible {
    outline: none;
  }
  min-width: 0;
  padding: 16px 12px calc(${({ theme }) => theme.layout.bottomBarHeight} + 24px);
  ${({ theme }) => theme.media.md} {
    padding: 24px;
  }
`;

export function Layout({
  children,
  menu = SIDE_MENU,
  menuLabel = 'Main menu',
  bottomBar = BOTTOM_BAR,
}: {
  children: ReactNode;
  menu?: NavItem[];
  menuLabel?: string;
  /** The phone's bottom bar; the dashboard shows its own menu there. */
  bottomBar?: NavItem[];
}) {
  // Pure presentation state: whether the wide-screen menu shows labels or icons only.
  const [collapsed, setCollapsed] = useState(false);
  return (
    <>
      <SkipLink href="#main">Skip to content</SkipLink>
      <TopBar onToggleMenu={() => setCollapsed((c) => !c)} />
      <EmailConfirmBanner />
      <Body>
        <SideMenu items={menu} collapsed={collapsed} label={menuLabel} />
        <Main id="main" tabIndex={-1}>
          {children}
        </Main>
      </Body>
      <BottomBar items={bottomBar} />
    </>
  );
}
