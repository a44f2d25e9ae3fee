/**
 * /Dashboard/Content/{tab}: a heading, the Create menu, the analytics grid, then the content tabs
 * (videos by default, Playlists, Tweets, Comments), the tab being the URL. Which Create dialog is open is
 * plain view state. Upload Video opens over any tab; Create Playlist and Post Tweet first switch
 * to their tab, so the creator sees the new playlist or tweet arrive in its list.
 */
import { useCallback, useReducer, useState } from 'react';
import styled from 'styled-components';
import { Link, Redirect, useLocation, useParams } from 'wouter';
import type { VideoItem } from '../../contract/shapes';
import { DashboardComments } from '../features/dashboard/dashboard-comments';
import { DashboardPlaylists } from '../features/dashboard/dashboard-playlists';
import { DashboardStatsSection } from '../features/dashboard/dashboard-stats';
import {
  DASHBOARD_CONTENT_PATH,
  DASHBOARD_TABS,
  hrefOfTab,
  tabOfSegment,
  type DashboardTab,
} from '../features/dashboard/dashboard-tabs';
import { DashboardTweets } from '../features/dashboard/dashboard-tweets';
import { DashboardVideos } from '../features/dashboard/dashboard-videos';
import { CreateMenu } from '../features/videos/create-menu';
import { UploadDialog } from '../features/videos/upload-dialog';
import { useCurrentUser } from '../session';
import { LinkTabs } from '../ui/tabs';
import { watchPath } from '../../contract/page-routes';
import { useDocumentTitle } from '../use-document-title';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 24px;
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Uploaded = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 8px;
`;

const Tabs = styled.div`
  margin-top: 24px;
`;

type Creating = 'playlist' | 'tweet';
const TAB_OF: Readonly<Record<Creating, DashboardTab>> = { playlist: 'playlists', tweet: 'tweets' };

export default function DashboardContentPage() {
  useDocumentTitle('Dashboard');
  const tab = tabOfSegment(useParams<{ tab?: string }>().tab);
  return tab ? <ContentPage tab={tab} /> : <Redirect to={DASHBOARD_CONTENT_PATH} replace />;
}

function ContentPage({ tab }: { tab: DashboardTab }) {
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const [uploading, setUploading] = useState(false);
  const [creating, setCreating] = useState<Creating | null>(null);
  // Leaving the tab (a tab link, Back) closes its Create dialog, so Forward does not reopen it.
  const [shownTab, setShownTab] = useState(tab);
  if (shownTab !== tab) {
    setShownTab(tab);
    if (creating && TAB_OF[creating] !== tab) setCreating(null);
  }
  // Videos uploaded in this visit, so the creator can open them right away.
  const [uploaded, setUploaded] = useState<VideoItem[]>([]);
  const closeUpload = useCallback(() => setUploading(false), []);
  // Each change of the creator's content on this page: the analytics grid reads its counts again.
  const [contentVersion, countChanged] = useReducer((n: number) => n + 1, 0);
  const remember = useCallback((video: VideoItem) => {
    setUploaded((list) => [video, ...list]);
    countChanged();
  }, []);
  const create = (kind: Creating) => {
    setCreating(kind);
    if (tab !== TAB_OF[kind]) navigate(hrefOfTab(TAB_OF[kind]));
  };
  const closeCreate = () => setCreating(null);

  return (
    <section>
      <Header>
        <div>
          <h1>Welcome back, {user?.fullName ?? 'creator'}</h1>
          <p>Upload and manage your videos, playlists and tweets.</p>
        </div>
        <CreateMenu
          onUpload={() => setUploading(true)}
          onCreatePlaylist={() => create('playlist')}
          onPostTweet={() => create('tweet')}
        />
      </Header>
      <DashboardStatsSection statsVersion={contentVersion} />
      {uploaded.length > 0 && (
        <Uploaded aria-label="Uploaded just now">
          {uploaded.map((video) => (
            <li key={video._id}>
              Uploaded: <Link href={watchPath(video._id)}>{video.title}</Link>
            </li>
          ))}
        </Uploaded>
      )}
      <Tabs>
        <LinkTabs
          label="Content"
          items={DASHBOARD_TABS.map((t) => ({
            label: t.label,
            href: t.href,
            active: t.tab === tab,
          }))}
        />
      </Tabs>
      {tab === 'videos' && (
        // A finished upload reloads the list from its first page, which the new video now leads
        // with its conversion status ("Processing…"), so the creator can follow it there.
        <DashboardVideos key={uploaded.length} onCountChanged={countChanged} />
      )}
      {tab === 'playlists' && (
        <DashboardPlaylists
          creating={creating === 'playlist'}
          onCreate={() => create('playlist')}
          onCreateClosed={closeCreate}
          onCountChanged={countChanged}
        />
      )}
      {tab === 'tweets' && (
        <DashboardTweets
          composing={creating === 'tweet'}
          onCompose={() => create('tweet')}
          onComposeClosed={closeCreate}
          onCountChanged={countChanged}
        />
      )}
      {tab === 'comments' && <DashboardComments />}
      {uploading && <UploadDialog onClose={closeUpload} onUploaded={remember} />}
    </section>
  );
}
