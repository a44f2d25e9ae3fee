import { m } from 'framer-motion';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import styled from 'styled-components';
import type { User } from '../../contract/shapes';
import { MotionRoot } from '../ui/motion-root';
import { ChannelIcon, DashboardIcon, LogoutIcon, SettingsIcon } from '../ui/icons';
import { menuPanel, moveMenuFocus } from '../ui/menu';

const Menu = styled(m.ul)`
  ${menuPanel}
  top: calc(100% + 8px);
  z-index: 60;
  min-width: 200px;
`;
const itemCss = `
  display: flex; align-items: center; gap: 12px; width: 100%;
  padding: 10px 12px; border: none; border-radius: 8px; background: transparent;
  text-align: left; cursor: pointer; font-size: 14px;
`;
const ItemLink = styled.a`
  ${itemCss}
  color: ${({ theme }) => theme.colors.text};
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
    text-decoration: none;
  }
`;
const ItemButton = styled.button`
  ${itemCss}
  color: ${({ theme }) => theme.colors.text};
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

/** The open account menu (see account-menu.tsx). */
export default function AccountMenuList({
  user,
  onClose,
  onLogout,
}: {
  user: User;
  onClose: () => void;
  onLogout: () => void;
}) {
  // The first item takes the focus on opening (React's autoFocus skips links).
  const menu = useRef<HTMLUListElement>(null);
  useEffect(() => menu.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus(), []);
  const links = [
    { href: `/Channel/${user.userName}`, label: 'View Channel', Icon: ChannelIcon },
    { href: '/Dashboard', label: 'Dashboard', Icon: DashboardIcon },
    { href: '/Setting', label: 'Settings', Icon: SettingsIcon },
  ];
  return (
    <MotionRoot>
      <Menu
        ref={menu}
        role="menu"
        aria-label="Account"
        initial={{ opacity: 0, y: -8 }}
        animate={{ opacity: 1, y: 0 }}
        transition={{ duration: 0.15 }}
        onKeyDown={moveMenuFocus}
      >
        {links.map(({ href, label, Icon }) => (
          <li role="none" key={href}>
            <Link href={href} asChild>
              <ItemLink role="menuitem" onClick={onClose}>
                <Icon size={18} /> {label}
              </ItemLink>
            </Link>
          </li>
        ))}
        <li role="none">
          <ItemButton type="button" role="menuitem" onClick={onLogout}>
            <LogoutIcon size={18} /> Logout
          </ItemButton>
        </li>
      </Menu>
    </MotionRoot>
  );
}
