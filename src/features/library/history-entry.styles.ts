/** The look of one watch history entry (its menu: components/video-menu.styles.ts). */
import { Link } from 'wouter';
import styled from 'styled-components';
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

/** The entry's video id (spec §2 lists it): small, muted, selectable. */
export const VideoId = styled.small`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  overflow-wrap: anywhere;
`;
