import { useLayoutEffect, useRef } from 'react';
import { Link } from 'wouter';
import styled from 'styled-components';

const List = styled.nav`
  display: flex;
  gap: 4px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-x: auto;
`;
const Tab = styled(Link)<{ $active: boolean }>`
  /* Phones: a smaller label so two or three tabs fit side by side at 360 px. */
  padding: 10px 8px;
  font-size: 0.875rem;
  ${({ theme }) => theme.media.sm} {
    padding: 10px 16px;
    font-size: 1rem;
  }
  color: ${({ theme, $active }) => ($active ? theme.colors.accent : theme.colors.textMuted)};
  font-weight: 600;
  white-space: nowrap;
  border-bottom: 2px solid
    ${({ theme, $active }) => ($active ? theme.colors.accent : 'transparent')};
  &:hover {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
`;

export interface TabItem {
  label: string;
  href: string;
  active: boolean;
}

/**
 * Tabs that are links: selecting one navigates, so the URL is the state. On a phone the row
 * scrolls sideways when the tabs do not fit; the current one is scrolled into view.
 */
export function LinkTabs({ items, label }: { items: TabItem[]; label: string }) {
  const list = useRef<HTMLElement>(null);
  const current = items.findIndex((t) => t.active);
  useLayoutEffect(() => {
    const row = list.current;
    const tab = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !tab) return;
    const overflow = tab.getBoundingClientRect().right - row.getBoundingClientRect().right;
    if (overflow > 0) row.scrollLeft += overflow;
  }, [current]);
  return (
    <List aria-label={label} ref={list}>
      {items.map((t) => (
        <Tab
          key={t.href}
          href={t.href}
          $active={t.active}
          aria-current={t.active ? 'page' : undefined}
        >
          {t.label}
        </Tab>
      ))}
    </List>
  );
}
