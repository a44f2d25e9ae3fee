/**
 * The watch page's keyboard shortcuts reach the player from anywhere on the page, as on the
 * largest video sites, except where the key already means something: while typing in a field
 * (input, textarea, select, contenteditable), inside a dialog or a menu, on a slider (it moves
 * itself), and Space or Enter on a button or link (they press it). A handled key's default is
 * prevented, so Space and the arrows do not scroll the page.
 */
import { useEffect, useRef } from 'react';
import { commandForKey, type PlayerCommand } from '../../../machines/player-keymap';

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
const OWNS_KEYS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';
const PRESSABLE = 'button, a[href], summary, [role="button"], [role="menuitem"]';

/** Whether a key press on `target` is left to the page rather than taken as a shortcut. */
export function belongsToPage(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest(TYPING) || target.closest(OWNS_KEYS)) return true;
  if (target.closest('[role="slider"]') && /^(Arrow|Home|End|Page)/.test(key)) return true;
  if ((key === ' ' || key === 'Enter') && target.closest(PRESSABLE)) return true;
  return false;
}

/** Presses that repeat while held: seeking and volume; a held k must not flap play/pause. */
const REPEATS: ReadonlyArray<PlayerCommand['type']> = ['seekBy', 'volumeBy'];

export function usePlayerKeys(onCommand: (command: PlayerCommand) => void): void {
  const latest = useRef(onCommand);
  useEffect(() => {
    latest.current = onCommand;
  });
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || belongsToPage(e.target, e.key)) return;
      const command = commandForKey(e);
      if (!command) return;
      e.preventDefault();
      if (e.repeat && !REPEATS.includes(command.type)) return;
      latest.current(command);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
