/**
 * Small screens: the signed-in user's avatar opens a menu with View Channel, Dashboard, Settings
 * and Logout (spec "Layout"). Escape or a click outside closes it. The list (with its motion
 * code) is a lazy chunk: most visits never open it.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { User } from '../../contract/shapes';
import { Avatar } from '../ui/avatar';

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

  return (
    <Wrap ref={wrap}>
      <Trigger
        type="button"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar src={user.avatar} sizes={user.avatarSizes} alt="" size={34} />
      </Trigger>
      {open && (
        <Suspense fallback={null}>
          <AccountMenuList user={user} onClose={() => setOpen(false)} onLogout={onLogout} />
        </Suspense>
      )}
    </Wrap>
  );
}
