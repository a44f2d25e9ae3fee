import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import styled from 'styled-components';
import { PRODUCT_NAME } from '../../machines/constants';
import { loginHref } from '../return-path';
import { useAuthStatus, useCurrentUser, useIsSigningOut, useSessionRef } from '../session';
import { Avatar } from '../ui/avatar';
import { Button, buttonStyle } from '../ui/button';
import { IconButton } from '../ui/icon-button';
import { BrandLink } from '../ui/brand-link';
import { MenuIcon, SearchIcon } from '../ui/icons';
import { AccountMenu } from './account-menu';
import { NotificationBell } from './notification-bell';
import { SearchBox } from './search-box';

const MobileSearch = lazy(() => import('./mobile-search'));

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  display: flex;
  align-items: center;
  gap: 8px;
  height: ${({ theme }) => theme.layout.topBarHeight};
  padding: 0 8px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.bg};
  ${({ theme }) => theme.media.md} {
    padding: 0 16px;
    gap: 16px;
  }
`;
const Middle = styled.div`
  flex: 1;
  display: none;
  justify-content: center;
  ${({ theme }) => theme.media.md} {
    display: flex;
  }
`;
const Spacer = styled.div`
  flex: 1;
  ${({ theme }) => theme.media.md} {
    display: none;
  }
`;
const Right = styled.div`
  display: flex;
  align-items: center;
  gap: 2px;
  flex: none;
  /* Phones: icon buttons a little narrower so logo, search, bell and both buttons fit 360 px. */
  & button[title] {
    width: 36px;
    height: 36px;
  }
  ${({ theme }) => theme.media.md} {
    gap: 10px;
  }
`;
const OnlyPhone = styled.div`
  display: contents;
  ${({ theme }) => theme.media.md} {
    display: none;
  }
`;
const OnlyWide = styled.div`
  display: none;
  ${({ theme }) => theme.media.md} {
    display: flex;
    align-items: center;
    gap: 10px;
  }
`;
const MenuToggle = styled.div`
  display: none;
  ${({ theme }) => theme.media.md} {
    display: block;
  }
`;
const LinkButton = styled.a<{ $variant: 'primary' | 'secondary' }>`
  ${buttonStyle}
  min-height: 34px;
  padding: 0 10px;
  margin-left: 4px;
  font-size: 13px;
  ${({ theme }) => theme.media.md} {
    min-height: 36px;
    padding: 0 14px;
    font-size: 14px;
  }
`;
const ChannelLink = styled.a`
  display: grid;
  border-radius: 50%;
`;

export function TopBar({ onToggleMenu }: { onToggleMenu?: () => void }) {
  const status = useAuthStatus();
  const user = useCurrentUser();
  const signingOut = useIsSigningOut();
  const session = useSessionRef();
  const [searchOpen, setSearchOpen] = useState(false);
  // Log in comes back here (src/return-path.ts).
  const [path] = useLocation();
  const search = useSearch();
  const logout = () => session.send({ type: 'LOGOUT' });

  return (
    // Sticky at the top: menus do not open under it (FIXED_BAR_ATTRIBUTE, src/ui/menu.ts).
    <Bar data-fixed-bar="">
      {onToggleMenu && (
        <MenuToggle>
          <IconButton label="Toggle side menu" onClick={onToggleMenu}>
            <MenuIcon />
          </IconButton>
        </MenuToggle>
      )}
      <BrandLink logoSize={30} textSize={19} label={`${PRODUCT_NAME} home`} />
      <Middle>
        <SearchBox />
      </Middle>
      <Spacer />
      <Right>
        <OnlyPhone>
          <IconButton label="Open search" onClick={() => setSearchOpen(true)}>
            <SearchIcon />
          </IconButton>
        </OnlyPhone>
        <NotificationBell />
        {status === 'signedOut' && (
          <>
            <Link href={loginHref(path, search)} asChild>
              <LinkButton $variant="secondary">Log in</LinkButton>
            </Link>
            <Link href="/signup" asChild>
              <LinkButton $variant="primary">Sign up</LinkButton>
            </Link>
          </>
        )}
        {user && (
          <>
            <OnlyWide>
              <Link href={`/Channel/${user.userName}`} asChild>
                <ChannelLink aria-label="Your channel" title={user.fullName}>
                  <Avatar src={user.avatar} sizes={user.avatarSizes} alt="" size={34} />
                </ChannelLink>
              </Link>
              <Button variant="secondary" onClick={logout} loading={signingOut}>
                Logout
              </Button>
            </OnlyWide>
            <OnlyPhone>
              <AccountMenu user={user} onLogout={logout} />
            </OnlyPhone>
          </>
        )}
      </Right>
      {searchOpen && (
        <Suspense fallback={null}>
          <MobileSearch onClose={() => setSearchOpen(false)} />
        </Suspense>
      )}
    </Bar>
  );
}
