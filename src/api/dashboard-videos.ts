/**
 * The promise actors of the dashboard's Videos tab: the pager's `fetchPage` over the caller's own
 * videos, and the confirmation machine's `perform` for the video actions.
 */
import { fromPromise } from 'xstate';
import type { ConfirmRequest } from '../../machines/confirm-action.machine';
import type { Page, PageRequest } from '../../machines/pager.machine';
import { deleteVideo, listOwnVideos, togglePublish } from './videos';

export const dashboardVideoActors = {
  fetchOwnVideoPage: fromPromise<Page, PageRequest>(async ({ input, signal }) => {
    const { videos, totalVideos } = await listOwnVideos(input.page, input.limit, signal);
    return { items: videos, total: totalVideos };
  }),
  // Output: the toggled VideoItem for publish/unpublish, nothing for a delete.
  performVideoAction: fromPromise<unknown, ConfirmRequest>(({ input }) => {
    switch (input.action) {
      case 'publish':
      case 'unpublish':
        return togglePublish(input.id);
      case 'deleteVideo':
        return deleteVideo(input.id);
      default:
        // Playlists have their own tab and actor; reaching this is a wiring mistake.
        throw new Error(`not a video action: ${input.action}`);
    }
  }),
};
