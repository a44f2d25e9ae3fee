/**
 * Shared by the dashboard video list's view tests: the creator's list rendered alone (the page's
 * stats and tabs are not under test there) with every actor it and its dialogs use as a
 * controllable fake, and the first page already answered.
 */
import { act, screen } from '@testing-library/react';
import { fromPromise } from 'xstate';
import type { Caption } from '../../contract/captions';
import type { VideoProcessing } from '../../contract/processing';
import type { OwnVideoItem } from '../../contract/videos';
import type { BatchInput, BatchItem, SaveEntryInput } from '../../machines/add-to-playlist.machine';
import type { ConfirmRequest } from '../../machines/confirm-action.machine';
import type { FormValues } from '../../machines/form-dialog';
import type { Page, PageRequest } from '../../machines/pager.machine';
import { DashboardVideos } from '../../src/features/dashboard/dashboard-videos';
import { deferred, makeUser, makeVideo, renderVideoPage } from './videos-helpers';

export const CREATOR = makeUser({ _id: 'u-creator', fullName: 'Cora Creator' });

/** A video that needs nothing more (as the demo's, which play their MP4). */
export const READY: VideoProcessing = {
  state: 'ready',
  progress: 1,
  error: null,
  renditions: [],
  hlsUrl: null,
};

export function makeOwnVideo(n: number, overrides: Partial<OwnVideoItem> = {}): OwnVideoItem {
  return { ...makeVideo(n), likeCount: 0, processing: READY, ...overrides };
}

export async function openVideoList(items: OwnVideoItem[], total = items.length) {
  const fetchOwnVideoPage = deferred<PageRequest, Page>();
  const performVideoAction = deferred<ConfirmRequest, unknown>();
  const saveVideoEdit = deferred<FormValues, unknown>();
  const fetchPlaylistChoices = deferred<BatchInput, BatchItem[]>();
  const savePlaylistEntry = deferred<SaveEntryInput, void>();
  const fetchProcessing = deferred<{ videoId: string }, VideoProcessing>();
  const retryProcessing = deferred<{ videoId: string }, VideoProcessing>();
  /** Which video each edit was bound to, and whose playlists were asked for. */
  const editedIds: string[] = [];
  const choicesOwners: string[] = [];
  renderVideoPage(<DashboardVideos onCountChanged={() => undefined} />, {
    path: '/Dashboard/Content',
    user: CREATOR,
    actors: {
      fetchOwnVideoPage: fetchOwnVideoPage.logic,
      performVideoAction: performVideoAction.logic,
      saveVideoEdit: (videoId) => {
        editedIds.push(videoId);
        return saveVideoEdit.logic;
      },
      fetchPlaylistChoices: (ownerId) => {
        choicesOwners.push(ownerId);
        return fetchPlaylistChoices.logic;
      },
      savePlaylistEntry: savePlaylistEntry.logic,
      fetchProcessing: fetchProcessing.logic,
      retryProcessing: retryProcessing.logic,
      // Issue 34: the edit dialog's Captions section lists a video's captions: none here.
      fetchCaptions: fromPromise<Caption[], { videoId: string }>(async () => []),
    },
  });
  // The session resolves first, then the list asks for its page.
  await screen.findByRole('region', { name: 'Your videos' });
  await act(async () => fetchOwnVideoPage.resolve({ items, total }));
  return {
    fetchOwnVideoPage,
    performVideoAction,
    saveVideoEdit,
    fetchPlaylistChoices,
    savePlaylistEntry,
    fetchProcessing,
    retryProcessing,
    editedIds,
    choicesOwners,
  };
}
