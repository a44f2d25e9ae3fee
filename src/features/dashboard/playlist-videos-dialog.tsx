/**
 * Add videos to a playlist and remove videos from it, from a playlist row (spec §2 Dialogs, §5,
 * §8): the caller's videos (or the playlist's) 2 per page, those already in the playlist marked
 * and locked; on save each ticked line, of every page, moves through its own states 500 ms apart,
 * then the dialog closes with one toast. The batch machine (modes addVideos, removeVideos) decides
 * it all; the checklist and the save queue are the ones Add to playlist shows.
 */
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { addToPlaylistMachine } from '../../../machines/add-to-playlist.machine';
import {
  selectError,
  selectHasFailed,
  selectIsEmpty,
  selectIsLoading,
  selectIsSaving,
  selectLineViews,
  selectPage,
  selectPageCount,
} from '../../../machines/add-to-playlist.selectors';
import { DASHBOARD_MESSAGES as M } from '../../../machines/dashboard-messages';
import type { Playlist } from '../../../contract/playlists';
import { dashboardPlaylistActors } from '../../api/dashboard-playlists';
import { usePageActors } from '../../actors';
import { notify } from '../../notify';
import { useEmitted } from '../../use-emitted';
import { Button } from '../../ui/button';
import { FormActions, FormError } from '../../ui/form';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { BatchChecklist } from '../../components/playlist-dialogs/batch-checklist';
import { BatchStatusList } from '../../components/playlist-dialogs/batch-status-list';
import { usePlaylistEntryActors } from '../../components/playlist-dialogs/playlist-entry-actors';
import { DialogBody as Body } from '../../components/playlist-dialogs/batch-dialog.styles';

export type PlaylistVideosMode = 'addVideos' | 'removeVideos';

const TEXTS: Readonly<Record<PlaylistVideosMode, { title: string; save: string; empty: string }>> =
  {
    addVideos: { title: 'Add videos to', save: 'Add videos', empty: M.noVideosToAdd },
    removeVideos: { title: 'Remove videos from', save: 'Remove videos', empty: M.noVideosToRemove },
  };

const Pager = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

export function PlaylistVideosDialog({
  mode,
  playlist,
  onClose,
  onSaved,
}: {
  mode: PlaylistVideosMode;
  playlist: Playlist;
  onClose: () => void;
  /** Some entries were saved (all, or those around a failure): the playlist changed. */
  onSaved: () => void;
}) {
  const { fetchPlaylistVideoChoices } = usePageActors(dashboardPlaylistActors);
  const { savePlaylistEntry } = usePlaylistEntryActors();
  const batch = useActorRef(
    addToPlaylistMachine.provide({
      actors: { fetchItems: fetchPlaylistVideoChoices, saveEntry: savePlaylistEntry },
    }),
    { input: { mode, targetId: playlist._id } },
  );
  useEmitted(batch, {
    invalid: ({ message }) => notify.error(message),
    saved: ({ message }) => {
      notify.success(message);
      onSaved();
    },
    failed: ({ message, savedIds }) => {
      console.error('Changing the playlist failed:', message);
      notify.error(message);
      if (savedIds.length > 0) onSaved();
    },
    closed: () => onClose(),
  });
  const loading = useSelector(batch, selectIsLoading);
  const failed = useSelector(batch, selectHasFailed);
  const error = useSelector(batch, selectError);
  const saving = useSelector(batch, selectIsSaving);
  const empty = useSelector(batch, selectIsEmpty);
  const lines = useSelector(batch, selectLineViews);
  const page = useSelector(batch, selectPage);
  const pages = useSelector(batch, selectPageCount);
  const texts = TEXTS[mode];
  const close = () => batch.send({ type: 'CLOSE' });

  return (
    <Modal title={`${texts.title} ${playlist.playlistName}`} onClose={close} busy={saving}>
      <Body>
        {loading && <Spinner size={28} label="Loading videos" />}
        {failed && (
          <>
            <FormError message={error} />
            <Button variant="secondary" onClick={() => batch.send({ type: 'RETRY' })}>
              Retry
            </Button>
          </>
        )}
        {empty && <p>{texts.empty}</p>}
        {saving ? (
          // The queue: the ticked lines of every page, each with its own state.
          <BatchStatusList lines={lines} label="Saving" />
        ) : (
          !loading && !failed && <BatchChecklist batch={batch} label="Choices" />
        )}
        {!saving && pages > 1 && (
          <Pager>
            <Button
              variant="secondary"
              disabled={page <= 1}
              onClick={() => batch.send({ type: 'PAGE', page: page - 1 })}
            >
              Previous
            </Button>
            <span>
              Page {page} of {pages}
            </span>
            <Button
              variant="secondary"
              disabled={page >= pages}
              onClick={() => batch.send({ type: 'PAGE', page: page + 1 })}
            >
              Next
            </Button>
          </Pager>
        )}
      </Body>
      <FormActions>
        <Button variant="ghost" onClick={close} disabled={saving}>
          Cancel
        </Button>
        <Button
          variant={mode === 'removeVideos' ? 'danger' : 'primary'}
          onClick={() => batch.send({ type: 'SAVE' })}
          loading={saving}
          disabled={loading || failed || empty}
        >
          {texts.save}
        </Button>
      </FormActions>
    </Modal>
  );
}
