/**
 * Issue 34: the watch page's badge over the title of a video that is not public: "Unlisted"
 * (everyone who has the link sees it: they know it is not listed anywhere) and "Private" (only
 * its owner can open one). A scheduled one adds when it becomes public. A public video shows none.
 */
import styled from 'styled-components';
import type { VideoItem } from '../../../contract/shapes';
import { formatFullDate } from '../../format';

const Badge = styled.p`
  display: inline-flex;
  align-self: flex-start;
  gap: 6px;
  margin: 0;
  padding: 2px 10px;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function VisibilityBadge({ video }: { video: Pick<VideoItem, 'visibility' | 'publishAt'> }) {
  if (video.visibility !== 'unlisted' && video.visibility !== 'private') return null;
  const label = video.visibility === 'unlisted' ? 'Unlisted' : 'Private';
  return (
    <Badge aria-label={`Visibility: ${label}`}>
      {label}
      {video.publishAt && <span>· Public {formatFullDate(video.publishAt)}</span>}
    </Badge>
  );
}
