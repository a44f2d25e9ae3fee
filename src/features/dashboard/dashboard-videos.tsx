/**
 * The dashboard's Videos list (spec §2 Dashboard, §9): the caller's videos, published or not,
 * 6 per page, the next page when the bottom marker comes into view (the shared pager machine).
 *
 * One confirmation actor for the whole list, not one per row: the question dialog covers the
 * rows, so only one action can be asked or run at a time anyway, and the machine already holds
 * which video it is about. Its outcome, and an edit's, is kept here as per-video changes over the
 * pager's items (the video as the server now has it, or removed), since the pager only appends
 * pages; a delete while more pages remain reloads the list, so that offset paging skips nothing.
 * The Edit and Add to playlist dialogs open over the list, one at a time.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import styled from 'styled-components';
import type { VideoItem } from '../../../contract/shapes';
import type { OwnVideoItem } from '../../../contract/videos';
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
import { usePageActors } from '../../actors';
import { dashboardVideoActors } from '../../api/dashboard-videos';
import { pagerWith } from '../../pager-logic';
import { useEmitted } from '../../use-emitted';
import { FEED_ERROR_TEXT, ListEmpty, ListError, LoadMoreFooter } from '../../ui/list-states';
import { HorizontalListSkeleton } from '../../components/horizontal-list-skeleton';
import { AddToPlaylistDialog } from '../../components/playlist-dialogs/add-to-playlist-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { DashboardVideoRow } from './dashboard-video-row';
import { EditVideoDialog } from './edit-video-dialog';

/** Ours: the spec words no empty text for this list. */
export const NO_OWN_VIDEOS = 'You have not uploaded any videos yet';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Failure = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;

/**
 * A video as the server answered an edit or a publish toggle (a VideoItem: the row keeps its
 * like count, which those answers do not carry), or gone.
 */
type Change = VideoItem | 'deleted';

/** Which dialog is open over the list, and for which video. */
type OpenDialog = { kind: 'edit' | 'addToPlaylist'; video: OwnVideoItem } | null;

/** `onCountChanged`: a video was deleted, so the analytics grid reads its counts again. */
export function DashboardVideos({ onCountChanged }: { onCountChanged: () => void }) {
  const { fetchOwnVideoPage, performVideoAction } = usePageActors(dashboardVideoActors);
  const pager = useActorRef(pagerWith(fetchOwnVideoPage), {
    input: { pageSize: PAGE_SIZE.dashboardVideos },
  });
  const confirm = useActorRef(
    confirmActionMachine.provide({ actors: { perform: performVideoAction } }),
  );
  const videos = useSelector(pager, selectItems<OwnVideoItem>);
  const loadingFirst = useSelector(pager, selectIsLoadingFirst);
  const failed = useSelector(pager, selectHasFailed);
  const empty = useSelector(pager, selectIsEmpty);
  const hasMore = useSelector(pager, selectHasMore);
  const request = useSelector(confirm, selectRequest);
  const running = useSelector(confirm, selectIsRunning);
  const [changes, setChanges] = useState<ReadonlyMap<string, Change>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const closeDialog = () => setDialog(null);
  const keep = (id: string, change: Change) => setChanges((map) => new Map(map).set(id, change));

  useEmitted(confirm, {
    done: ({ request: done, result }) => {
      keep(done.id, done.action === 'deleteVideo' ? 'deleted' : (result as VideoItem));
      if (done.action === 'deleteVideo') onCountChanged();
      // Pages are cut by offset: with a video gone, the next page would start one video late and
      // skip one. While pages remain, the list reloads from the first page instead.
      if (done.action === 'deleteVideo' && selectHasMore(pager.getSnapshot())) {
        pager.send({ type: 'RESET' });
      }
    },
    failed: ({ message }) => setFailure(message),
  });

  const shown = videos.flatMap((video) => {
    const change = changes.get(video._id);
    if (change === 'deleted') return [];
    return [change ? { ...video, ...change } : video];
  });

  return (
    <section aria-label="Your videos">
      <h2>Your videos</h2>
      {failure && <Failure role="alert">{failure}</Failure>}
      {loadingFirst && <HorizontalListSkeleton count={PAGE_SIZE.dashboardVideos} />}
      {shown.length > 0 && (
        <List>
          {shown.map((video) => (
            <DashboardVideoRow
              key={video._id}
              video={video}
              busy={running && request?.id === video._id}
              onAsk={(action) => {
                setFailure(null);
                confirm.send({ type: 'ASK', request: { action, id: video._id } });
              }}
              onEdit={() => setDialog({ kind: 'edit', video })}
              onAddToPlaylist={() => setDialog({ kind: 'addToPlaylist', video })}
            />
          ))}
        </List>
      )}
      {failed && <ListError text={FEED_ERROR_TEXT} onRetry={() => pager.send({ type: 'RETRY' })} />}
      {(empty || (videos.length > 0 && shown.length === 0 && !hasMore)) && (
        <ListEmpty>{NO_OWN_VIDEOS}</ListEmpty>
      )}
      {videos.length > 0 && (
        <LoadMoreFooter
          pager={pager}
          onVisible={() => pager.send({ type: 'LOAD_MORE' })}
          label="Loading more videos"
        />
      )}
      <ConfirmDialog confirm={confirm} />
      {dialog?.kind === 'edit' && (
        <EditVideoDialog
          video={dialog.video}
          onSaved={(saved) => keep(saved._id, saved)}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'addToPlaylist' && (
        <AddToPlaylistDialog video={dialog.video} onClose={closeDialog} />
      )}
    </section>
  );
}
