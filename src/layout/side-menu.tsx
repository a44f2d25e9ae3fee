import { Link, useLocation } from 'wouter';
import styled from 'styled-components';
import { isActive, type NavItem } from './nav-items';

const Nav = styled.nav<{ $collapsed: boolean }>`
  display: none;
  ${({ theme }) => theme.media.md} {
    display: flex;
    flex-direction: column;
    gap: 4px;
    position: sticky;
    top: ${({ theme }) => theme.layout.topBarHeight};
    height: calc(100vh - ${({ theme }) => theme.layout.topBarHeight});
    width: ${({ theme, $collapsed }) =>
      $collapsed ? theme.layout.sideMenuCollapsed : theme.layout.sideMenuWidth};
    flex: none;
    padding: ${({ $collapsed }) => ($collapsed ? '12px 4px' : '12px 8px')};
    border-right: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.bg};
    overflow-y: auto;
    transition: width 0.2s ease;
  }
`;

const Item = styled.a<{ $active: boolean; $collapsed: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ $collapsed }) => ($collapsed ? '4px' : '16px')};
  flex-direction: ${({ $collapsed }) => ($collapsed ? 'column' : 'row')};
  padding: ${({ $collapsed }) => ($collapsed ? '10px 0' : '10px 14px')};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme, $active }) => ($active ? theme.colors.accent : theme.colors.text)};
  background: ${({ theme, $active }) => ($active ? theme.colors.surfaceRaised : 'transparent')};
  /* Collapsed, each label fits on one line under its icon, as in the big sites' mini menus. */
  font-size: ${({ theme, $collapsed }) => ($collapsed ? '10px' : theme.font.size.sm)};
  font-weight: 500;
  > span {
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
    text-decoration: none;
  }
  /* The last item (Settings) sits at the bottom of the menu. */
  &:last-child {
    margin-top: auto;
  }
`;

/** The collapsible left menu of wide screens; phones use the bottom bar instead. */
export function SideMenu({
  items,
  collapsed,
  label,
}: {
  items: NavItem[];
  collapsed: boolean;
  label: string;
}) {
  const [location] = useLocation();
  return (
    <Nav aria-label={label} $collapsed={collapsed}>
      {items.map(({ label: text, href, icon: Icon, external }) => {
        const active = !external && isActive(href, location);
        const content = (
          <>
            <Icon size={22} />
            <span>{text}</span>
          </>
        );
        return external ? (
          <Item
            key={href}
            href={href}
            target="_blank"
            rel="noreferrer noopener"
            $active={false}
            $collapsed={collapsed}
          >
            {content}
          </Item>
        ) : (
          <Link key={href} href={href} asChild>
            <Item
              $active={active}
              $collapsed={collapsed}
              aria-current={active ? 'page' : undefined}
            >
              {content}
            </Item>
          </Link>
        );
      })}
    </Nav>
  );
}
