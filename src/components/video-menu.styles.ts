/** The look of a video's "⋮" menu (a card's, a history entry's): its anchor, panel and items. */
import styled from 'styled-components';
import { menuPanel, type MenuPlacement } from '../ui/menu';

/** The title with the video's menu button beside it (over the thumbnail it would cover it). */
export const TitleRow = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 8px;
  min-width: 0;
`;

/**
 * Holds the 40px button beside the title's first line without making the row taller; its own
 * height is the button's (not the row's), so the menu opens right under the button.
 */
export const MenuWrap = styled.div`
  position: relative;
  flex: none;
  align-self: flex-start;
  margin: -8px 0;
`;

/** The gap between the button and its menu, in px (useMenuPlacement's `gap`). */
export const MENU_GAP = 4;

/** Under its button, or over it near the bottom of the screen (useMenuPlacement). */
export const Menu = styled.ul<{ $placement: MenuPlacement }>`
  ${menuPanel}
  ${({ $placement }) => ($placement === 'above' ? 'bottom' : 'top')}: calc(100% + ${MENU_GAP}px);
  z-index: 20;
  min-width: 210px;
`;

export const MenuItem = styled.button`
  display: flex;
  width: 100%;
  padding: 10px 12px;
  border: none;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: none;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;
