/** Issue 34: the dashboard row's "Analytics", a link to the video's analytics page. */
import { Link } from 'wouter';
import styled from 'styled-components';

export const analyticsPath = (videoId: string) =>
  `/Dashboard/Content/Videos/${encodeURIComponent(videoId)}/Analytics`;

const Action = styled(Link)`
  display: inline-flex;
  align-items: center;
  padding: 6px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.round};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
`;

export function AnalyticsLink({ videoId }: { videoId: string }) {
  return <Action href={analyticsPath(videoId)}>Analytics</Action>;
}
