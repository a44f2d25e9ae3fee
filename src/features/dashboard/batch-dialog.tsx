/**
 * The batch dialogs (machines/add-to-playlist.machine.ts): a checklist of playlists or videos,
 * then, on save, the queue of chosen lines, each moving pending → loading → completed | error on
 * its own, until the machine closes the dialog. The caller names the mode and gives the actors, so
 * one view serves add videos, remove videos and add to playlists alike.
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { PromiseActorLogic } from 'xstate';
import {
  addToPlaylistMachine,
  type BatchInput,
  type BatchItem,
  type BatchLine,
  type BatchMode,
  type SaveEntryInput,
} from '../../../machines/add-to-playlist.machine';
import {
  selectError,
  selectHasFailed,
  selectHasShowMore,
  selectIsLoading,
  selectIsPaged,
  selectIsSaving,
  selectLines,
  selectPage,
  selectPageCount,
  selectSelected,
  selectShowAll,
  selectVisibleItems,
} from '../../../machines/add-to-playlist.selectors';
import { DASHBOARD_MESSAGES as M } from '../../../machines/dashboard-messages';
import { notify } from '../../notify';
import { useEmitted } from '../../use-emitted';
import { Button } from '../../ui/button';
import { FormActions, FormError } from '../../ui/form';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { Line, Lines, Note, Pager } from './batch-dialog.styles';

const SAVE_LABELS: Readonly<Record<BatchMode, string>> = {
  addToPlaylists: 'Save',
  addVideos: 'Add videos',
  removeVideos: 'Remove videos',
};

const EMPTY_TEXTS: Readonly<Record<BatchMode, string>> = {
  addToPlaylists: M.noPlaylistsToChoose,
  addVideos: M.noVideosToAdd,
  removeVideos: M.noVideosToRemove,
};

/** What a line says about its save (spec §4: each line shows its own state). */
export const LINE_STATE_TEXT = {
  pending: 'Waiting',
  loading: 'Saving…',
  completed: 'Completed',
  error: 'Error',
} as const;

function SavingLine({ line, label }: { line: BatchLine; label: string }) {
  const tone = line.status === 'completed' ? 'ok' : line.status === 'error' ? 'danger' : 'muted';
  return (
    <Line data-status={line.status} aria-label={label}>
      <span>{label}</span>
      <Note $tone={tone}>
        {LINE_STATE_TEXT[line.status]}
        {line.error && `: ${line.error}`}
      </Note>
    </Line>
  );
}

export function BatchDialog({
  mode,
  targetId,
  title,
  fetchItems,
  saveEntry,
  onClose,
  onSaved,
}: BatchInput & {
  title: string;
  fetchItems: PromiseActorLogic<BatchItem[], BatchInput>;
  saveEntry: PromiseActorLogic<void, SaveEntryInput>;
  onClose: () => void;
  /** Some entries were saved (all, or those before and after a failure): the list changed. */
  onSaved: (itemIds: string[]) => void;
}) {
  const batch = useActorRef(addToPlaylistMachine.provide({ actors: { fetchItems, saveEntry } }), {
    input: { mode, targetId },
  });
  useEmitted(batch, {
    invalid: ({ message }) => notify.error(message),
    saved: ({ message, itemIds }) => {
      notify.success(message);
      onSaved(itemIds);
    },
    failed: ({ message, savedIds }) => {
      notify.error(message);
      if (savedIds.length > 0) onSaved(savedIds);
    },
    closed: () => onClose(),
  });
  const loading = useSelector(batch, selectIsLoading);
  const failed = useSelector(batch, selectHasFailed);
  const error = useSelector(batch, selectError);
  const saving = useSelector(batch, selectIsSaving);
  const visible = useSelector(batch, selectVisibleItems);
  const selected = useSelector(batch, selectSelected);
  const lines = useSelector(batch, selectLines);
  const items = useSelector(batch, (s) => s.context.items);
  const paged = useSelector(batch, selectIsPaged);
  const page = useSelector(batch, selectPage);
  const pages = useSelector(batch, selectPageCount);
  const hasShowMore = useSelector(batch, selectHasShowMore);
  const showAll = useSelector(batch, selectShowAll);
  const close = () => batch.send({ type: 'CLOSE' });
  const labelOf = (itemId: string) => items.find((i) => i._id === itemId)?.label ?? itemId;

  return (
    <Modal title={title} onClose={close} width={480}>
      {loading && <Spinner size={28} label="Loading" />}
      {failed && (
        <>
          <FormError message={error} />
          <FormActions>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => batch.send({ type: 'RETRY' })}>Retry</Button>
          </FormActions>
        </>
      )}
      {saving && (
        // The queue, also the chosen lines of other pages, each with its own state.
        <Lines aria-label="Saving" aria-live="polite">
          {lines.map((line) => (
            <SavingLine key={line.itemId} line={line} label={labelOf(line.itemId)} />
          ))}
        </Lines>
      )}
      {!loading && !failed && !saving && (
        <>
          {items.length === 0 && <p>{EMPTY_TEXTS[mode]}</p>}
          <Lines aria-label="Choices">
            {visible.map((item) => (
              <Line key={item._id}>
                <label>
                  <input
                    type="checkbox"
                    checked={selected.includes(item._id)}
                    disabled={item.locked}
                    onChange={() => batch.send({ type: 'TOGGLE', itemId: item._id })}
                  />
                  <span>{item.label}</span>
                </label>
                {item.locked && <Note $tone="muted">{M.alreadyInPlaylist}</Note>}
              </Line>
            ))}
          </Lines>
          {hasShowMore && (
            <Button variant="ghost" onClick={() => batch.send({ type: 'SHOW_MORE' })}>
              {showAll ? M.showLess : M.showMore}
            </Button>
          )}
          {paged && pages > 1 && (
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
        </>
      )}
      {!failed && (
        <FormActions>
          <Button variant="ghost" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button
            variant={mode === 'removeVideos' ? 'danger' : 'primary'}
            onClick={() => batch.send({ type: 'SAVE' })}
            disabled={loading}
            loading={saving}
          >
            {SAVE_LABELS[mode]}
          </Button>
        </FormActions>
      )}
    </Modal>
  );
}
