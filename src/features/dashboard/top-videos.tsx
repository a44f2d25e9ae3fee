/** The period's most viewed videos (issue 9): thumbnail, title and views in the period. */
import styled from 'styled-components';
import { Link } from 'wouter';
import type { DashboardTopVideo } from '../../../contract/dashboard';
import { DASHBOARD_STATS_MESSAGES as T } from '../../../machines/dashboard-messages';
import { formatViewCount } from '../../format';
import { clampLines } from '../../ui/clamp';
import { watchPath } from '../../../contract/page-routes';

const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 10px;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: 96px minmax(0, 1fr);
  gap: 12px;
  align-items: center;
  img {
    display: block;
    width: 96px;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  a.title {
    color: inherit;
    font-weight: 600;
    text-decoration: none;
    ${clampLines(2)}
  }
  p {
    margin: 2px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

export function TopVideos({ videos }: { videos: DashboardTopVideo[] }) {
  if (videos.length === 0) return <p>{T.noTopVideos}</p>;
  return (
    <List aria-label={T.topVideos}>
      {videos.map((video) => {
        const href = watchPath(video._id);
        return (
          <Row key={video._id}>
            <Link href={href} tabIndex={-1} aria-hidden="true">
              <img src={video.thumbnail} alt="" width={96} height={54} loading="lazy" />
            </Link>
            <div>
              <Link className="title" href={href}>
                {video.title}
              </Link>
              <p>{formatViewCount(video.views)} in this period</p>
            </div>
          </Row>
        );
      })}
    </List>
  );
}
