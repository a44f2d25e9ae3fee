/**
 * The player's quality menu: Auto, then each rendition highest first. A menu button under the
 * video (the browser's own controls have no room for it); items are radio menu items, reached
 * with Tab or the arrow keys, chosen with Enter or Space, closed with Escape.
 */
import { useId } from 'react';
import styled from 'styled-components';
import { buttonStyle } from '../../ui/button';
import { menuPanel, moveMenuFocus, useMenuButton } from '../../ui/menu';
import { AUTO_LEVEL, type Rendition } from './hls-playback';

const Wrap = styled.div`
  position: relative;
  display: flex;
  justify-content: flex-end;
  margin-top: 8px;
`;

/** A secondary button that can take focus back when the menu closes. */
const Toggle = styled.button<{ $variant: 'secondary' }>`
  ${buttonStyle}
`;

const Menu = styled.ul`
  ${menuPanel}
  bottom: calc(100% + 6px);
  z-index: 20;
  min-width: 160px;
`;

const Item = styled.button`
  display: flex;
  width: 100%;
  justify-content: space-between;
  gap: 12px;
  padding: 8px 12px;
  border: none;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: none;
  color: inherit;
  text-align: left;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
  &[aria-checked='true'] {
    font-weight: 600;
  }
`;

const labelOf = (level: number, renditions: Rendition[]) =>
  level === AUTO_LEVEL ? 'Auto' : (renditions.find((r) => r.level === level)?.name ?? 'Auto');

export function QualityMenu({
  renditions,
  level,
  onChoose,
}: {
  renditions: Rendition[];
  level: number;
  onChoose: (level: number) => void;
}) {
  const { open, toggle, wrap, button, choose } = useMenuButton();
  const menuId = useId();

  const options = [{ level: AUTO_LEVEL, name: 'Auto' }, ...renditions];
  return (
    <Wrap ref={wrap}>
      <Toggle
        ref={button}
        type="button"
        $variant="secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
      >
        Quality: {labelOf(level, renditions)}
      </Toggle>
      {open && (
        <Menu id={menuId} role="menu" aria-label="Quality" onKeyDown={moveMenuFocus}>
          {options.map((option) => (
            <li role="none" key={option.level}>
              <Item
                role="menuitemradio"
                type="button"
                aria-checked={option.level === level}
                autoFocus={option.level === level}
                onClick={() => choose(() => onChoose(option.level))}
              >
                {option.name}
                {option.level === level && <span aria-hidden="true">✓</span>}
              </Item>
            </li>
          ))}
        </Menu>
      )}
    </Wrap>
  );
}
