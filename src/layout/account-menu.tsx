/**
 * Small screens: the signed-in user's avatar opens a menu with View Channel, Dashboard, Settings
 * and Logout (spec "Layout"). Escape or a click outside closes it.
 */
import { AnimatePresence, m } from 'framer-motion';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import styled from 'styled-components';
import type { User } from '../../contract/shapes';
import { Avatar } from '../ui/avatar';
import { ChannelIcon, DashboardIcon, LogoutIcon, SettingsIcon } from '../ui/icons';

const Wrap = styled.div`
  position: relative;
`;
const Trigger = styled.button`
  display: grid;
  place-items: center;
  padding: 2px;
  border: none;
  border-radius: 50%;
  background: transparent;
  cursor: pointer;
`;
const Menu = styled(m.ul)`
  position: absolute;
  right: 0;
  top: calc(100% + 8px);
  z-index: 60;
  min-width: 200px;
  margin: 0;
  padding: 6px;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadow};
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

export function AccountMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <Wrap ref={wrap}>
      <Trigger
        type="button"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar src={user.avatar} alt="" size={34} />
      </Trigger>
      <AnimatePresence>
        {open && (
          <Menu
            role="menu"
            initial={{ opacity: 0, y: -8 }}
            animate={{ opacity: 1, y: 0 }}
            exit={{ opacity: 0, y: -8 }}
            transition={{ duration: 0.15 }}
          >
            <li role="none">
              <Link href={`/Channel/${user.userName}`} asChild>
                <ItemLink role="menuitem" onClick={close}>
                  <ChannelIcon size={18} /> View Channel
                </ItemLink>
              </Link>
            </li>
            <li role="none">
              <Link href="/Dashboard" asChild>
                <ItemLink role="menuitem" onClick={close}>
                  <DashboardIcon size={18} /> Dashboard
                </ItemLink>
              </Link>
            </li>
            <li role="none">
              <Link href="/Setting" asChild>
                <ItemLink role="menuitem" onClick={close}>
                  <SettingsIcon size={18} /> Settings
                </ItemLink>
              </Link>
            </li>
            <li role="none">
              <ItemButton
                type="button"
                role="menuitem"
                onClick={() => {
                  close();
                  onLogout();
                }}
              >
                <LogoutIcon size={18} /> Logout
              </ItemButton>
            </li>
          </Menu>
        )}
      </AnimatePresence>
    </Wrap>
  );
}
