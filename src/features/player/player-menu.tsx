/**
 * A menu of the control bar (speed, quality): a menu button and a list of radio menu items that
 * opens above the bar. Whether it is open is the player machine's (menu region); the platform's
 * menu behaviour comes from src/ui/menu.ts: arrows, Home/End, Escape or a press outside closes and
 * hands focus back to the button.
 */
import { useId, useRef } from 'react';
import styled from 'styled-components';
import { moveMenuFocus, useDismiss } from '../../ui/menu';
import { ControlButton } from './control-button';

const Wrap = styled.div`
  position: relative;
`;

/** Past this many entries a narrow player lays the menu out in two columns. */
const ONE_COLUMN_MAX = 4;

const List = styled.ul<{ $long: boolean }>`
  position: absolute;
  right: 0;
  /* Above the seek bar too, as the large players open theirs, so the bar stays usable. */
  bottom: calc(100% + 26px);
  z-index: 5;
  /* As wide as its longest entry ("Auto (720p) ✓"), never wrapped to the button's width. */
  width: max-content;
  min-width: 150px;
  /* The player's height (16:9 of its width, the frame is the container) less the bar's. */
  max-height: max(120px, calc(56.25cqw - 84px));
  overflow-y: auto;
  margin: 0;
  padding: 6px;
  list-style: none;
  border-radius: 10px;
  background: rgba(28, 28, 28, 0.94);
  color: #fff;
  /*
   * A phone's player is ~200 px tall: eight speeds in one column would scroll behind a hidden
   * scroll bar. Two columns of tighter rows show them all (issue 29), read row by row.
   */
  @container (max-width: 560px) {
    ${({ $long }) =>
      $long &&
      `
      display: grid;
      grid-template-columns: repeat(2, max-content);
      column-gap: 4px;
      min-width: 0;
      padding: 4px;
      /* 26 px rows (WCAG 2.2's 24 px target and more): four fit the 120 px a phone leaves. */
      & button { padding: 3px 10px; line-height: 20px; }
    `}
  }
`;

const Item = styled.button`
  display: flex;
  width: 100%;
  justify-content: space-between;
  gap: 16px;
  padding: 5px 12px;
  border: none;
  border-radius: 6px;
  background: none;
  color: inherit;
  font: inherit;
  font-size: 14px;
  white-space: nowrap;
  text-align: left;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: rgba(255, 255, 255, 0.14);
    outline: none;
  }
  &[aria-checked='true'] {
    font-weight: 700;
  }
`;

export interface MenuOption<V> {
  value: V;
  label: string;
}

export function PlayerMenu<V extends string | number>({
  name,
  buttonText,
  buttonLabel,
  open,
  options,
  value,
  onToggle,
  onClose,
  onChoose,
}: {
  /** The menu's accessible name ("Playback speed"). */
  name: string;
  buttonText: string;
  /** The button's accessible name, with the current value ("Quality: Auto (720p)"). */
  buttonLabel: string;
  open: boolean;
  options: Array<MenuOption<V>>;
  value: V;
  onToggle: () => void;
  onClose: () => void;
  onChoose: (value: V) => void;
}) {
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDismiss(open, wrap, (reason) => {
    onClose();
    if (reason === 'escape') button.current?.focus();
  });
  return (
    <Wrap ref={wrap}>
      <ControlButton
        ref={button}
        label={buttonLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={onToggle}
      >
        {buttonText}
      </ControlButton>
      {open && (
        <List
          id={menuId}
          role="menu"
          aria-label={name}
          $long={options.length > ONE_COLUMN_MAX}
          onKeyDown={moveMenuFocus}
        >
          {options.map((option) => (
            <li role="none" key={option.value}>
              <Item
                role="menuitemradio"
                type="button"
                aria-checked={option.value === value}
                autoFocus={option.value === value}
                onClick={() => {
                  button.current?.focus();
                  onChoose(option.value);
                }}
              >
                {option.label}
                {option.value === value && <span aria-hidden="true">✓</span>}
              </Item>
            </li>
          ))}
        </List>
      )}
    </Wrap>
  );
}
