/** The channel's PlayList tab: its playlists as cards, page by page (the shared pager). */
import { useSelector } from '@xstate/react';
import type { Playlist } from '../../../contract/playlists';
import { PAGE_SIZE } from '../../../contract/limits';
import {
  selectHasFailed,
  selectIsEmpty,
  selectIsLoadingFirst,
  selectItems,
} from '../../../machines/pager.machine';
import { usePageActors } from '../../actors';
import { channelPlaylistActors } from '../../api/channel-playlists';
import { pagerWith } from '../../pager-logic';
import { Spinner } from '../../ui/spinner';
import { ListEmpty, ListError, LoadMoreFooter } from '../../ui/list-states';
import { Grid } from '../../components/video-grid';
import { Panel } from './channel.styles';
import { PlaylistCard } from './playlist-card';
import { useRememberedActor } from '../../remembered-place';

export const NO_PLAYLISTS = 'This channel has no playlists yet.';
export const PLAYLISTS_FAILED = 'Failed to load playlists. Please try again.';

export function ChannelPlaylistsTab({ userId }: { userId: string }) {
  const { fetchPlaylistPage } = usePageActors(channelPlaylistActors);
  const pager = useRememberedActor(`channel-playlists:${userId}`, pagerWith(fetchPlaylistPage), {
    input: { pageSize: PAGE_SIZE.channelPlaylists, params: { userId } },
  });
  const playlists = useSelector(pager, selectItems<Playlist>);
  const loadingFirst = useSelector(pager, selectIsLoadingFirst);
  const failed = useSelector(pager, selectHasFailed);
  const empty = useSelector(pager, selectIsEmpty);
  return (
    <Panel aria-label="PlayList">
      {loadingFirst && <Spinner size={28} label="Loading playlists" />}
      {playlists.length > 0 && (
        <Grid>
          {playlists.map((p) => (
            <PlaylistCard key={p._id} playlist={p} />
          ))}
        </Grid>
      )}
      {failed && (
        <ListError text={PLAYLISTS_FAILED} onRetry={() => pager.send({ type: 'RETRY' })} />
      )}
      {empty && <ListEmpty>{NO_PLAYLISTS}</ListEmpty>}
      {playlists.length > 0 && (
        <LoadMoreFooter pager={pager} onVisible={() => pager.send({ type: 'LOAD_MORE' })} />
      )}
    </Panel>
  );
}
