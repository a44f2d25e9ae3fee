/** The look of one watch history entry and its menu. */
import { Link } from 'wouter';
import styled from 'styled-components';
import { menuPanel } from '../../ui/menu';
import { horizontalCardColumns } from '../../components/horizontal-video-card';
import { mutedDescription } from '../../ui/clamp';

export const Row = styled.article`
  ${horizontalCardColumns}
  padding: 10px;
  border-radius: ${({ theme }) => theme.radii.md};
  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }
  &[aria-busy='true'] {
    opacity: 0.5;
  }
`;

export const Text = styled.div`
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

/** The title with the entry's menu button beside it (above the thumbnail it would cover it). */
export const TitleRow = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 8px;
  min-width: 0;
`;

export const Description = styled.p`
  ${mutedDescription}
`;

export const Owner = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export const AvatarLink = styled(Link)`
  flex: none;
`;

export const MenuWrap = styled.div`
  position: relative;
  flex: none;
  /* The 40px button sits centred on the title's first line without making the row taller. */
  margin: -8px 0;
`;

export const Menu = styled.ul`
  ${menuPanel}
  top: calc(100% + 4px);
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
