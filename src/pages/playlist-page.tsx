import { useParams } from 'wouter';
import { PlaceholderPage } from './placeholder-page';

export default function PlaylistPage() {
  const { playListId } = useParams<{ playListId: string }>();
  return <PlaceholderPage title="Playlist" note={`Playlist ${playListId}`} />;
}
