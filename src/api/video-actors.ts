/**
 * The real implementations of the video machines' promise actors, over the API calls in
 * src/api/videos.ts and src/api/engagement.ts. Attached where the pages create their actors
 * (`machine.provide({ actors })`); tests attach fakes in the same places.
 */
import { fromPromise } from 'xstate';
import type { Page, PageRequest } from '../../machines/pager.machine';
import { listComments } from './engagement';
import { getVideo, listVideos, type VideoDetail } from './videos';

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** One page of videos (VideoItem); params may hold tag, query or userId. */
export const fetchVideoPage = fromPromise<Page, PageRequest>(async ({ input, signal }) => {
  const { videos, totalVideos } = await listVideos(
    {
      page: input.page,
      limit: input.limit,
      tag: text(input.params.tag),
      query: text(input.params.query),
      userId: text(input.params.userId),
    },
    signal,
  );
  return { items: videos, total: totalVideos };
});

/** One page of a video's comments (Comment); params.videoId names the video. */
export const fetchCommentPage = fromPromise<Page, PageRequest>(async ({ input }) => {
  const videoId = text(input.params.videoId);
  if (!videoId) throw new Error('video id is required');
  const { comments, totalComments } = await listComments(videoId, input.page, input.limit);
  return { items: comments, total: totalComments };
});

/** The watch page's video (counts a view and records history on the server). */
export const fetchVideo = fromPromise<VideoDetail, { videoId: string }>(({ input, signal }) =>
  getVideo(input.videoId, signal),
);

export const realVideoActors = {
  fetchVideoPage,
  fetchCommentPage,
  fetchVideo,
};

export type VideoActors = typeof realVideoActors;
