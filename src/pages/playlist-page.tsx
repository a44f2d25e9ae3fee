/**
 * Playlist page `/Playlist/{id}` (spec §2 "Playlist detail"): 'Loading ...' while loading; the
 * panel on the left and a grid of the videos on the right, each linking to its watch page and
 * its owner's channel. playlistDetailMachine holds the state; each playlist id gets a fresh page
 * (keyed), so moving to another playlist starts clean.
 *
 * Choices where the spec is silent: an empty playlist says so in the grid's place; an unknown id
 * says 'Playlist not found' with a way home; any other failure offers Retry. A long playlist
 * shows its first 50 videos (the API's page) and 'Show more videos' for the next ones: a button
 * rather than infinite scroll, so the panel and the footer stay reachable.
 */
import { useSelector } from '@xstate/react';
import { Link, useParams } from 'wouter';
import { LIBRARY_MESSAGES as TEXT } from '../../machines/messages';
import {
  playlistDetailMachine,
  playlistSlot,
  selectHasFailed,
  selectHasMore,
  selectIsLoadingMore,
  selectIsNotFound,
  selectMoreFailed,
  selectPlaylist,
} from '../../machines/playlist-detail.machine';
import { usePageActors } from '../actors';
import { playlistDetailActors } from '../api/playlist-detail';
import { Notice } from '../features/library/library.styles';
import { PlaylistPanel } from '../features/library/playlist-panel';
import { Layout, Videos, VideosGrid } from '../features/library/playlist.styles';
import { VideoCard } from '../components/video-card';
import { ListError } from '../ui/list-states';
import { Button } from '../ui/button';
import { useDocumentTitle } from '../use-document-title';
import { useRememberedActor } from '../remembered-place';

function PlaylistDetailView({ playlistId }: { playlistId: string }) {
  const { fetchPlaylist } = usePageActors(playlistDetailActors);
  const detail = useRememberedActor(
    playlistSlot(playlistId),
    playlistDetailMachine.provide({ actors: { fetchPlaylist } }),
    { input: { playlistId } },
  );
  const playlist = useSelector(detail, selectPlaylist);
  const notFound = useSelector(detail, selectIsNotFound);
  const failed = useSelector(detail, selectHasFailed);
  const hasMore = useSelector(detail, selectHasMore);
  const loadingMore = useSelector(detail, selectIsLoadingMore);
  const moreFailed = useSelector(detail, selectMoreFailed);
  useDocumentTitle(playlist?.playlistName ?? 'Playlist');

  if (notFound) {
    return (
      <Notice role="alert">
        <h2>{TEXT.playlistNotFound}</h2>
        <p>{TEXT.playlistNotFoundHint}</p>
        <Link href="/">{TEXT.backToHome}</Link>
      </Notice>
    );
  }
  if (failed) {
    return (
      <ListError text={TEXT.playlistLoadFailed} onRetry={() => detail.send({ type: 'RETRY' })} />
    );
  }
  if (!playlist) {
    return (
      <Notice role="status" aria-live="polite">
        <p>{TEXT.playlistLoading}</p>
      </Notice>
    );
  }
  return (
    <Layout>
      <PlaylistPanel playlist={playlist} />
      {playlist.videos.length === 0 ? (
        <Notice>
          <p>{TEXT.playlistEmpty}</p>
        </Notice>
      ) : (
        <Videos>
          <VideosGrid aria-label="Playlist videos">
            {playlist.videos.map((video, i) => (
              <VideoCard key={video._id} video={video} eager={i < 2} />
            ))}
          </VideosGrid>
          {moreFailed && <p role="alert">{TEXT.moreVideosFailed}</p>}
          {hasMore && (
            <Button
              variant="secondary"
              loading={loadingMore}
              onClick={() => detail.send({ type: 'LOAD_MORE' })}
            >
              {TEXT.showMoreVideos}
            </Button>
          )}
        </Videos>
      )}
    </Layout>
  );
}

export default function PlaylistPage() {
  const { playListId = '' } = useParams<{ playListId: string }>();
  return <PlaylistDetailView key={playListId} playlistId={playListId} />;
}
