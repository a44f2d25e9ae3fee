/**
 * Library (/collections, the bottom bar's Library): where the spec names the route without a
 * page, we build what the largest video sites put there, so that a phone reaches everything the
 * side menu offers on a desktop: the newest watch history, Watch later, the viewer's playlists
 * and their own videos, each a shelf with 'View all' (issue 22).
 */
import type { Playlist } from '../../contract/playlists';
import type { VideoItem } from '../../contract/shapes';
import { LIBRARY_MESSAGES as TEXT } from '../../machines/messages';
import { useActors, usePageActors } from '../actors';
import { channelPlaylistActors } from '../api/channel-playlists';
import { libraryActors, WATCH_LATER_PATH } from '../api/library';
import { subscriptionsActors } from '../api/subscriptions';
import { FEED_ERROR_TEXT } from '../ui/list-states';
import { channelPath, VideoCard } from '../components/video-card';
import { PlaylistCard } from '../features/channel/playlist-card';
import { Heading, Page } from '../features/library/library.styles';
import { Shelf } from '../features/library/shelf';
import { useCurrentUser } from '../session';
import { PageSpinner } from '../ui/spinner';
import { useDocumentTitle } from '../use-document-title';

const videoCard = (video: VideoItem) => <VideoCard key={video._id} video={video} />;
const playlistCard = (playlist: Playlist) => (
  <PlaylistCard key={playlist._id} playlist={playlist} />
);

export default function LibraryPage() {
  useDocumentTitle(TEXT.libraryTitle);
  const me = useCurrentUser();
  const { fetchVideoPage } = useActors();
  const { fetchHistoryVideoPage, fetchWatchLaterVideoPage } = usePageActors(libraryActors);
  const { fetchPlaylistPage } = usePageActors(channelPlaylistActors);
  const { fetchSubscriptionFeedPage } = usePageActors(subscriptionsActors);
  if (!me) return <PageSpinner />;
  const channel = channelPath(me.userName);
  return (
    <Page>
      <Heading>
        <h1>{TEXT.libraryTitle}</h1>
      </Heading>
      <Shelf<VideoItem>
        title={TEXT.historyShelf}
        href="/History"
        fetchPage={fetchHistoryVideoPage}
        empty={TEXT.noHistory}
        failed={TEXT.historyLoadFailed}
        renderItem={videoCard}
      />
      <Shelf<VideoItem>
        title={TEXT.watchLaterShelf}
        href={WATCH_LATER_PATH}
        fetchPage={fetchWatchLaterVideoPage}
        empty={TEXT.noWatchLater}
        failed={TEXT.watchLaterFailed}
        renderItem={videoCard}
      />
      <Shelf<VideoItem>
        title={TEXT.subscriptionFeedShelf}
        href="/Subscriptions/videos"
        fetchPage={fetchSubscriptionFeedPage}
        empty={TEXT.noSubscriptionFeed}
        failed={FEED_ERROR_TEXT}
        renderItem={videoCard}
      />
      <Shelf<Playlist>
        title={TEXT.playlistsShelf}
        href={`${channel}/PlayList`}
        fetchPage={fetchPlaylistPage}
        params={{ userId: me._id }}
        empty={TEXT.noPlaylistsShelf}
        failed={TEXT.playlistsShelfFailed}
        renderItem={playlistCard}
      />
      <Shelf<VideoItem>
        title={TEXT.yourVideosShelf}
        href="/Dashboard/Content"
        fetchPage={fetchVideoPage}
        params={{ userId: me._id }}
        empty={TEXT.noVideosShelf}
        failed={TEXT.videosShelfFailed}
        renderItem={videoCard}
      />
    </Page>
  );
}
