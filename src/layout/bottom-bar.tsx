import { Link, useLocation } from 'wouter';
import styled from 'styled-components';
import { isActive, type NavItem } from './nav-items';

const Bar = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 40;
  display: flex;
  justify-content: space-around;
  height: ${({ theme }) => theme.layout.bottomBarHeight};
  padding-bottom: env(safe-area-inset-bottom);
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  ${({ theme }) => theme.media.md} {
    display: none;
  }
`;

const Item = styled.a<{ $active: boolean }>`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  font-size: 11px;
  color: ${({ theme, $active }) => ($active ? theme.colors.accent : theme.colors.textMuted)};
  &:hover {
    text-decoration: none;
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** The phone-width navigation bar at the bottom of the screen. */
export function BottomBar({ items }: { items: NavItem[] }) {
  const [location] = useLocation();
  return (
    // Fixed at the bottom: menus do not open under it (FIXED_BAR_ATTRIBUTE, src/ui/menu.ts).
    <Bar aria-label="Bottom navigation" data-fixed-bar="">
      {items.map(({ label, href, icon: Icon, external }) => {
        if (external) {
          return (
            <Item key={href} href={href} target="_blank" rel="noreferrer noopener" $active={false}>
              <Icon size={22} />
              <span>{label}</span>
            </Item>
          );
        }
        const active = isActive(href, location);
        return (
          <Link key={href} href={href} asChild>
            <Item $active={active} aria-current={active ? 'page' : undefined}>
              <Icon size={22} />
              <span>{label}</span>
            </Item>
          </Link>
        );
      })}
    </Bar>
  );
}
