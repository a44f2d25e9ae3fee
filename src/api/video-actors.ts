/**
 * The real implementations of the video machines' promise actors, over the API calls in
 * src/api/videos.ts and src/api/engagement.ts. Attached where the pages create their actors
 * (`machine.provide({ actors })`); tests attach fakes in the same places. (The upload dialog's
 * are upload-actors.ts: only the dashboard uploads.)
 */
import { fromPromise } from 'xstate';
import { PAGE_SIZE } from '../../contract/limits';
import type { Comment, VideoItem } from '../../contract/shapes';
import type { VideoDetail, VideoList } from '../../contract/videos';
import type { LikeStatus, ToggleLikeResult } from '../../machines/like-toggle.machine';
import type { SubscriptionState } from '../../machines/subscribe-toggle.machine';
import type { Page, PageRequest } from '../../machines/pager.machine';
import {
  addComment,
  deleteComment,
  editComment,
  getLikeStatus,
  toggleSubscription,
  toggleVideoLike,
} from './engagement';
import { fetchCommentPage } from './conversation';
import { FEED_KEY, takeFirstScreen, videoKey } from './first-screen';
import { getPopularTags, getVideo, listVideos } from './videos';
import { getWatchProgress, saveProgress } from './watch-progress';
import { getUpNext } from './up-next';

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** A `GET /videos` answer as a pager page; a search's spelling correction goes in its meta. */
export const pageOfVideoList = ({ videos, totalVideos, spelling }: VideoList): Page => ({
  items: videos,
  total: totalVideos,
  ...(spelling ? { meta: { spelling } } : {}),
});

/**
 * One page of videos (VideoItem); params may hold tag, query or userId, and a search's filters
 * (uploaded, duration, sortBy, exact). A search's spelling correction travels as the page's meta.
 */
export const fetchVideoPage = fromPromise<Page, PageRequest>(async ({ input, signal }) => {
  const query = {
    page: input.page,
    limit: input.limit,
    tag: text(input.params.tag),
    query: text(input.params.query),
    userId: text(input.params.userId),
    uploaded: text(input.params.uploaded),
    duration: text(input.params.duration),
    sortBy: text(input.params.sortBy),
    exact: input.params.exact === true,
  };
  const call = () => listVideos(query, signal);
  // The home feed's first page may already be on its way (first-screen.ts).
  const isHomeFirstPage =
    input.page === 1 &&
    input.limit === PAGE_SIZE.homeFeed &&
    Object.keys(input.params).length === 0;
  return pageOfVideoList(await (isHomeFirstPage ? takeFirstScreen(FEED_KEY, call) : call()));
});

/**
 * The watch page's video (counts a view and records history on the server). A failure rejects
 * with the ApiError (its status tells a missing video apart); watchMachine turns it into `failed`.
 */
export const fetchVideo = fromPromise<VideoDetail, { videoId: string }>(({ input, signal }) =>
  takeFirstScreen(videoKey(input.videoId), () => getVideo(input.videoId, signal)),
);

export const fetchLikeStatus = fromPromise<LikeStatus, { videoId: string }>(({ input }) =>
  getLikeStatus(input.videoId),
);

export const toggleLike = fromPromise<ToggleLikeResult, { videoId: string }>(({ input }) =>
  toggleVideoLike(input.videoId),
);

export const toggleSubscriptionActor = fromPromise<SubscriptionState, { channelId: string }>(
  ({ input }) => toggleSubscription(input.channelId),
);

export const addCommentActor = fromPromise<Comment, { videoId: string; content: string }>(
  ({ input }) => addComment(input.videoId, input.content),
);

export const editCommentActor = fromPromise<Comment, { commentId: string; content: string }>(
  ({ input }) => editComment(input.commentId, input.content),
);

export const deleteCommentActor = fromPromise<void, { commentId: string }>(({ input }) =>
  deleteComment(input.commentId),
);

/** The home feed's chips for visitors and accounts without tags of their own. */
export const fetchPopularTags = fromPromise<string[]>(({ signal }) => getPopularTags(signal));

/** The watch page's Up next list (issue 31). */
export const fetchUpNext = fromPromise<VideoItem[], { videoId: string }>(({ input, signal }) =>
  getUpNext(input.videoId, signal),
);

export const realVideoActors = {
  fetchVideoPage,
  fetchPopularTags,
  fetchUpNext,
  fetchCommentPage,
  fetchVideo,
  fetchLikeStatus,
  toggleLike,
  toggleSubscription: toggleSubscriptionActor,
  addComment: addCommentActor,
  editComment: editCommentActor,
  deleteComment: deleteCommentActor,
  saveProgress,
  /** The viewer's positions in a page of cards: videoId → seconds. */
  fetchWatchProgress: fromPromise<Record<string, number>, { videoIds: string[] }>(
    ({ input, signal }) => getWatchProgress(input.videoIds, signal),
  ),
};

export type VideoActors = typeof realVideoActors;
