/**
 * History page (spec §2 "History page", §4, §8): 'Your Watch History', 10 entries per page with
 * Previous / Next, 'Remove from history' per entry, and 'Clear all history' after a question.
 * All state lives in historyMachine; this view renders its selectors and sends its events.
 *
 * Choices where the spec is silent: failed removals and clears are logged (as the spec says) and
 * also told in a toast, since the list stays unchanged and the user would otherwise not know why.
 */
import { useSelector } from '@xstate/react';
import { PAGE_SIZE } from '../../contract/limits';
import {
  historyMachine,
  selectCanClear,
  selectEntries,
  selectHasFailed,
  selectHasNext,
  selectHasPrevious,
  selectIsBusy,
  selectIsConfirmingClear,
  selectIsEmpty,
  selectIsLoading,
  selectMenuFor,
  selectPage,
  selectRemoving,
  selectShowPager,
  selectTotalPages,
} from '../../machines/history.machine';
import { LIBRARY_MESSAGES as TEXT } from '../../machines/messages';
import { usePageActors } from '../actors';
import { historyActors } from '../api/history';
import { ConfirmDialog } from '../features/account/confirm-dialog';
import { HistoryEntryRow } from '../features/library/history-entry';
import { HistoryPager } from '../features/library/history-pager';
import { ButtonLink, Heading, Notice, Page } from '../features/library/library.styles';
import { notify } from '../notify';
import { Button } from '../ui/button';
import { PageSpinner } from '../ui/spinner';
import { ListError } from '../ui/list-states';
import { useDocumentTitle } from '../use-document-title';
import { useEmitted } from '../use-emitted';
import { useRememberedActor } from '../remembered-place';

function failed(text: string) {
  return ({ message }: { message: string }) => {
    console.error(`${text}:`, message);
    notify.error(text);
  };
}

export default function HistoryPage() {
  useDocumentTitle(TEXT.historyTitle);
  const { fetchHistory, removeFromHistory, clearHistory } = usePageActors(historyActors);
  const history = useRememberedActor(
    'history',
    historyMachine.provide({ actors: { fetchHistory, removeFromHistory, clearHistory } }),
    { input: { pageSize: PAGE_SIZE.history } },
  );
  useEmitted(history, {
    removed: () => notify.success(TEXT.historyRemoved),
    cleared: () => notify.success(TEXT.historyCleared),
    removeFailed: failed(TEXT.historyRemoveFailed),
    clearFailed: failed(TEXT.historyClearFailed),
  });
  const entries = useSelector(history, selectEntries);
  const loading = useSelector(history, selectIsLoading);
  const loadFailed = useSelector(history, selectHasFailed);
  const empty = useSelector(history, selectIsEmpty);
  const canClear = useSelector(history, selectCanClear);
  const confirming = useSelector(history, selectIsConfirmingClear);
  const busy = useSelector(history, selectIsBusy);
  const menuFor = useSelector(history, selectMenuFor);
  const removing = useSelector(history, selectRemoving);
  const showPager = useSelector(history, selectShowPager);
  const page = useSelector(history, selectPage);
  const totalPages = useSelector(history, selectTotalPages);
  const hasPrevious = useSelector(history, selectHasPrevious);
  const hasNext = useSelector(history, selectHasNext);

  let body;
  if (loadFailed) {
    body = (
      <ListError text={TEXT.historyLoadFailed} onRetry={() => history.send({ type: 'RETRY' })} />
    );
  } else if (loading) {
    body = <PageSpinner />;
  } else if (empty) {
    body = (
      <Notice>
        <h2>{TEXT.noHistory}</h2>
        <ButtonLink href="/">{TEXT.exploreVideos}</ButtonLink>
      </Notice>
    );
  } else {
    body = (
      <>
        <div role="list" aria-label={TEXT.historyTitle}>
          {entries.map((entry) => (
            <div role="listitem" key={entry._id}>
              <HistoryEntryRow
                entry={entry}
                menuOpen={menuFor === entry.video._id}
                removing={removing === entry.video._id}
                onToggleMenu={() => history.send({ type: 'TOGGLE_MENU', videoId: entry.video._id })}
                onCloseMenu={() => history.send({ type: 'CLOSE_MENU' })}
                onRemove={() => history.send({ type: 'REMOVE', videoId: entry.video._id })}
              />
            </div>
          ))}
        </div>
        {showPager && (
          <HistoryPager
            page={page}
            totalPages={totalPages}
            hasPrevious={hasPrevious}
            hasNext={hasNext}
            onPrevious={() => history.send({ type: 'PREVIOUS' })}
            onNext={() => history.send({ type: 'NEXT' })}
          />
        )}
      </>
    );
  }

  return (
    <Page>
      <Heading>
        <h1>{TEXT.historyTitle}</h1>
        {canClear && !loadFailed && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => history.send({ type: 'CLEAR' })}
          >
            {TEXT.clearAllHistory}
          </Button>
        )}
      </Heading>
      {body}
      {confirming && (
        <ConfirmDialog
          title={TEXT.clearHistoryTitle}
          message={TEXT.clearHistoryConfirm}
          confirmLabel={TEXT.clearHistoryYes}
          cancelLabel={TEXT.cancel}
          onConfirm={() => history.send({ type: 'CONFIRM_CLEAR' })}
          onCancel={() => history.send({ type: 'CANCEL_CLEAR' })}
        />
      )}
    </Page>
  );
}
