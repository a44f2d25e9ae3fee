/**
 * The dashboard's Playlists tab (spec §2 Dashboard, §4 Playlists): the caller's playlists, newest
 * first, 12 at a time with infinite scroll (the shared pager), with create, edit, add videos,
 * remove videos and delete (asked first, the confirmation machine). Which dialog is open is view
 * state; each dialog runs its own machine and reports what it saved.
 *
 * Spec §4: create puts the new playlist in the list (on top: the list is newest first), update
 * replaces it, delete removes it. After videos are added or removed the list is loaded again, so
 * the counts and covers are the server's.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import styled from 'styled-components';
import type { Playlist } from '../../../contract/playlists';
import { PAGE_SIZE } from '../../../contract/limits';
import {
  confirmActionMachine,
  selectIsRunning,
  selectRequest,
} from '../../../machines/confirm-action.machine';
import {
  selectHasFailed,
  selectHasMore,
  selectIsEmpty,
  selectIsLoadingFirst,
  selectItems,
} from '../../../machines/pager.machine';
import { channelPlaylistActors } from '../../api/channel-playlists';
import { dashboardPlaylistActors } from '../../api/dashboard-playlists';
import { usePageActors } from '../../actors';
import { pagerWith } from '../../pager-logic';
import { useCurrentUser } from '../../session';
import { useEmitted } from '../../use-emitted';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form';
import { Spinner } from '../../ui/spinner';
import { ListEmpty, ListError, LoadMoreFooter } from '../../ui/list-states';
import { ConfirmDialog } from './confirm-dialog';
import { DashboardPlaylistRow, type PlaylistAction } from './dashboard-playlist-row';
import { PlaylistFormDialog } from '../../components/playlist-dialogs/playlist-form-dialog';
import { PlaylistVideosDialog } from './playlist-videos-dialog';
import { TabHeader } from './tab-header';

/** Ours: the spec words neither. */
export const NO_OWN_PLAYLISTS = 'You have no playlists yet. Create one to group your videos.';
export const OWN_PLAYLISTS_FAILED = 'Failed to load playlists. Please try again.';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

type OpenDialog = { action: Exclude<PlaylistAction, 'delete'>; playlist: Playlist } | null;

/** The list is the channel's playlist pages with the caller's id; the edits are the dashboard's. */
const tabActors = { ...channelPlaylistActors, ...dashboardPlaylistActors };

export function DashboardPlaylists({
  creating,
  onCreate,
  onCreateClosed,
  onCountChanged,
}: {
  /** The Create Playlist dialog is open (from this tab's button or the Create menu). */
  creating: boolean;
  onCreate: () => void;
  onCreateClosed: () => void;
  /** A playlist was created or deleted: the analytics grid reads its counts again. */
  onCountChanged: () => void;
}) {
  const me = useCurrentUser();
  const actors = usePageActors(tabActors);
  const pager = useActorRef(pagerWith(actors.fetchPlaylistPage), {
    input: { pageSize: PAGE_SIZE.channelPlaylists, params: { userId: me?._id ?? '' } },
  });
  const confirm = useActorRef(
    confirmActionMachine.provide({ actors: { perform: actors.performPlaylistAction } }),
  );
  const playlists = useSelector(pager, selectItems<Playlist>);
  const loadingFirst = useSelector(pager, selectIsLoadingFirst);
  const failed = useSelector(pager, selectHasFailed);
  const empty = useSelector(pager, selectIsEmpty);
  const hasMore = useSelector(pager, selectHasMore);
  const request = useSelector(confirm, selectRequest);
  const running = useSelector(confirm, selectIsRunning);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEmitted(confirm, {
    done: ({ request: done }) => {
      pager.send({ type: 'REMOVE', id: done.id });
      onCountChanged();
    },
    failed: ({ message }) => setFailure(message),
  });

  const act = (playlist: Playlist, action: PlaylistAction) => {
    setFailure(null);
    if (action === 'delete') {
      confirm.send({ type: 'ASK', request: { action: 'deletePlaylist', id: playlist._id } });
    } else {
      setDialog({ action, playlist });
    }
  };
  const closeDialog = () => setDialog(null);
  const reload = () => pager.send({ type: 'RESET' });

  return (
    <section aria-label="Your playlists">
      <TabHeader title="Your playlists">
        <Button onClick={onCreate}>New playlist</Button>
      </TabHeader>
      <FormError message={failure} />
      {loadingFirst && <Spinner size={28} label="Loading playlists" />}
      {playlists.length > 0 && (
        <List>
          {playlists.map((playlist) => (
            <DashboardPlaylistRow
              key={playlist._id}
              playlist={playlist}
              busy={running && request?.id === playlist._id}
              onAction={(action) => act(playlist, action)}
            />
          ))}
        </List>
      )}
      {failed && <ListError text={OWN_PLAYLISTS_FAILED} onRetry={reload} />}
      {empty && <ListEmpty>{NO_OWN_PLAYLISTS}</ListEmpty>}
      {(playlists.length > 0 || hasMore) && (
        <LoadMoreFooter pager={pager} onVisible={() => pager.send({ type: 'LOAD_MORE' })} />
      )}
      <ConfirmDialog confirm={confirm} />
      {creating && (
        <PlaylistFormDialog
          onClose={onCreateClosed}
          onSaved={(created) => {
            pager.send({ type: 'PREPEND', item: created });
            onCountChanged();
          }}
        />
      )}
      {dialog?.action === 'edit' && (
        <PlaylistFormDialog
          playlist={dialog.playlist}
          onClose={closeDialog}
          onSaved={(updated) => pager.send({ type: 'REPLACE', item: updated })}
        />
      )}
      {(dialog?.action === 'addVideos' || dialog?.action === 'removeVideos') && (
        <PlaylistVideosDialog
          mode={dialog.action}
          playlist={dialog.playlist}
          onClose={closeDialog}
          onSaved={reload}
        />
      )}
    </section>
  );
}
