/**
 * Playlist page `/Playlist/{id}` (spec §2 "Playlist detail"): 'Loading ...' while loading; the
 * panel on the left and a grid of the videos on the right, each linking to its watch page and
 * its owner's channel. playlistDetailMachine holds the state; each playlist id gets a fresh page
 * (keyed), so moving to another playlist starts clean.
 *
 * Choices where the spec is silent: an empty playlist says so in the grid's place; an unknown id
 * says 'Playlist not found' with a way home; any other failure offers Retry. The grid shows the
 * detail's first page (50 videos, the API's largest); the count in the panel is the full one.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useParams } from 'wouter';
import { LIBRARY_MESSAGES as TEXT } from '../../machines/messages';
import {
  playlistDetailMachine,
  selectHasFailed,
  selectIsNotFound,
  selectPlaylist,
} from '../../machines/playlist-detail.machine';
import { useActors } from '../actors';
import { Notice } from '../features/library/library.styles';
import { PlaylistPanel } from '../features/library/playlist-panel';
import { Layout, VideosGrid } from '../features/library/playlist.styles';
import { VideoCard } from '../features/videos/video-card';
import { Button } from '../ui/button';
import { useDocumentTitle } from '../use-document-title';

function PlaylistDetailView({ playlistId }: { playlistId: string }) {
  const { fetchPlaylist } = useActors();
  const detail = useActorRef(playlistDetailMachine.provide({ actors: { fetchPlaylist } }), {
    input: { playlistId },
  });
  const playlist = useSelector(detail, selectPlaylist);
  const notFound = useSelector(detail, selectIsNotFound);
  const failed = useSelector(detail, selectHasFailed);
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
      <Notice role="alert">
        <p>{TEXT.playlistLoadFailed}</p>
        <Button variant="secondary" onClick={() => detail.send({ type: 'RETRY' })}>
          {TEXT.retry}
        </Button>
      </Notice>
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
        <VideosGrid aria-label="Playlist videos">
          {playlist.videos.map((video, i) => (
            <VideoCard key={video._id} video={video} eager={i < 2} />
          ))}
        </VideosGrid>
      )}
    </Layout>
  );
}

export default function PlaylistPage() {
  const { playListId = '' } = useParams<{ playListId: string }>();
  return <PlaylistDetailView key={playListId} playlistId={playListId} />;
}
