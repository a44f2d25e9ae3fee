/**
 * Add to playlist, from a video row (spec §2 Dialogs, §4, §5, §8): the caller's playlists as a
 * checklist, 'Show more' past four; on Save each ticked playlist's line moves loading →
 * completed | error, 500 ms apart, then the dialog closes with one toast. The batch machine
 * (mode addToPlaylists) decides all of it; this view renders it and turns what it emits into
 * toasts and the close.
 *
 * Choices where the spec is silent: the list shows every playlist of the caller; with none it
 * says so and points at the Create menu. The playlists that already hold the video come ticked
 * (GET /playlist/holding/{videoId}); unticking one removes the video on Save (issue 29). "New
 * playlist" shows Create Playlist in the dialog's place while the batch actor keeps the ticks;
 * the new playlist comes back ticked.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { VideoItem } from '../../../contract/shapes';
import { addToPlaylistMachine } from '../../../machines/add-to-playlist.machine';
import {
  selectError,
  selectHasFailed,
  selectHasShowMore,
  selectIsCreating,
  selectIsEmpty,
  selectIsLoading,
  selectIsSaving,
  selectLineViews,
  selectShowAll,
} from '../../../machines/add-to-playlist.selectors';
import { DASHBOARD_MESSAGES } from '../../../machines/dashboard-messages';
import { notify } from '../../notify';
import { useCurrentUser } from '../../session';
import { Button } from '../../ui/button';
import { FormActions, FormError } from '../../ui/form';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { useEmitted } from '../../use-emitted';
import { BatchChecklist } from './batch-checklist';
import { BatchStatusList } from './batch-status-list';
import { usePlaylistEntryActors } from './playlist-entry-actors';
import { DialogBody as Body } from './batch-dialog.styles';
import { PlaylistFormDialog } from './playlist-form-dialog';

/** Ours: the caller has no playlist to add to. */
export const NO_PLAYLISTS = 'You have no playlists yet. Create one from the Create menu.';

export const NEW_PLAYLIST = 'New playlist';

export function AddToPlaylistDialog({
  video,
  onClose,
  canCreate = false,
}: {
  video: VideoItem;
  onClose: () => void;
  /** Offers "New playlist": Create Playlist takes this dialog's place, then the list is back. */
  canCreate?: boolean;
}) {
  const user = useCurrentUser();
  const { fetchPlaylistChoices, savePlaylistEntry } = usePlaylistEntryActors();
  // Bound once per opening, to the caller whose playlists are listed.
  const [machine] = useState(() =>
    addToPlaylistMachine.provide({
      actors: { fetchItems: fetchPlaylistChoices(user?._id ?? ''), saveEntry: savePlaylistEntry },
    }),
  );
  const batch = useActorRef(machine, {
    input: { mode: 'addToPlaylists', targetId: video._id },
  });
  useEmitted(batch, {
    invalid: ({ message }) => notify.error(message),
    saved: ({ message }) => notify.success(message),
    failed: ({ message }) => {
      console.error('Adding the video to playlists failed:', message);
      notify.error(message);
    },
    closed: () => onClose(),
  });
  const loading = useSelector(batch, selectIsLoading);
  const failed = useSelector(batch, selectHasFailed);
  const error = useSelector(batch, selectError);
  const saving = useSelector(batch, selectIsSaving);
  const hasShowMore = useSelector(batch, selectHasShowMore);
  const showAll = useSelector(batch, selectShowAll);
  const lines = useSelector(batch, selectLineViews);
  const empty = useSelector(batch, selectIsEmpty);
  const creating = useSelector(batch, selectIsCreating);

  if (creating) {
    return (
      <PlaylistFormDialog
        // After a save the form also closes: CREATE_CANCELLED is then ignored, the list is back.
        onClose={() => batch.send({ type: 'CREATE_CANCELLED' })}
        onSaved={(playlist) =>
          batch.send({
            type: 'CREATED',
            item: { _id: playlist._id, label: playlist.playlistName },
          })
        }
      />
    );
  }

  return (
    <Modal title="Add to playlist" onClose={() => batch.send({ type: 'CLOSE' })} busy={saving}>
      <Body>
        <p>{video.title}</p>
        {loading && <Spinner label="Loading playlists" />}
        {failed && (
          <>
            <FormError message={error} />
            <Button variant="secondary" onClick={() => batch.send({ type: 'RETRY' })}>
              Retry
            </Button>
          </>
        )}
        {empty && <p>{NO_PLAYLISTS}</p>}
        {saving ? (
          <BatchStatusList lines={lines} label="Saving to playlists" />
        ) : (
          !loading && !failed && <BatchChecklist batch={batch} label="Your playlists" />
        )}
        {hasShowMore && !saving && (
          <Button variant="ghost" onClick={() => batch.send({ type: 'SHOW_MORE' })}>
            {showAll ? 'Show less' : DASHBOARD_MESSAGES.showMore}
          </Button>
        )}
      </Body>
      <FormActions $split={canCreate}>
        {canCreate && (
          <Button
            variant="secondary"
            onClick={() => batch.send({ type: 'NEW_PLAYLIST' })}
            disabled={saving || loading || failed}
          >
            {NEW_PLAYLIST}
          </Button>
        )}
        <Button variant="ghost" onClick={() => batch.send({ type: 'CLOSE' })} disabled={saving}>
          Cancel
        </Button>
        <Button
          onClick={() => batch.send({ type: 'SAVE' })}
          loading={saving}
          disabled={loading || failed || empty}
        >
          Save
        </Button>
      </FormActions>
    </Modal>
  );
}
