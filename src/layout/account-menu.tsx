/**
 * Small screens: the signed-in user's avatar opens a menu with View Channel, Dashboard, Settings
 * and Logout (spec "Layout"). Escape or a click outside closes it. The list (with its motion
 * code) is a lazy chunk: most visits never open it.
 */
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import type { User } from '../../contract/shapes';
import { Avatar } from '../ui/avatar';
import { useMenuButton } from '../ui/menu';

const AccountMenuList = lazy(() => import('./account-menu-list'));

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

export function AccountMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const { open, toggle, close, wrap, button, choose } = useMenuButton();

  return (
    <Wrap ref={wrap}>
      <Trigger
        ref={button}
        type="button"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={toggle}
      >
        <Avatar src={user.avatar} sizes={user.avatarSizes} alt="" size={34} />
      </Trigger>
      {open && (
        <Suspense fallback={null}>
          <AccountMenuList user={user} onClose={close} onLogout={() => choose(onLogout)} />
        </Suspense>
      )}
    </Wrap>
  );
}
