/**
 * Contract of API.md's Videos section: query, params, body and response shapes. The multipart
 * bodies (upload, edit) are streamed to temp files before validation
 * (server/http/multipart-body.ts); each received file stands in the body as its file name.
 */
import { VideoProcessing } from './processing.js';
import { ProgressSeconds } from './watch-progress.js';
import { Type, type Static } from '@sinclair/typebox';
import { DateString, Id, PageQuery, ClosedBody } from './common.js';
import { Visibility } from './video-visibility.js';
import { TEXT_RULES } from './field-rules.js';
import { LIMITS, PAGE_SIZE } from './limits.js';
import { Owner, VideoItem } from './shapes.js';
import { DurationFilter, Spelling, UploadDate } from './search.js';

/** Sort keys of the feed; `createdAt` desc is the default ("newest first"). */
export const VideoSortBy = Type.Union([
  Type.Literal('createdAt'),
  Type.Literal('views'),
  Type.Literal('duration'),
  Type.Literal('title'),
]);
export type VideoSortBy = Static<typeof VideoSortBy>;
export const SortType = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);
export type SortType = Static<typeof SortType>;

export const VideoFeedQuery = Type.Composite([
  PageQuery(PAGE_SIZE.homeFeed),
  Type.Object({
    /** One channel's videos. */
    userId: Type.Optional(Type.Union([Id, Type.Literal('')])),
    /** Full-text search (websearch syntax: "quoted phrase", -exclude, or). */
    query: Type.Optional(Type.String({ maxLength: 200 })),
    /** Exact tag (compared lower-case). */
    tag: Type.Optional(Type.String({ maxLength: LIMITS.tags.tagMax })),
    sortBy: Type.Optional(VideoSortBy),
    sortType: Type.Optional(SortType),
    /** Uploaded within the last hour, day, week, month or year (contract/search.ts). */
    uploaded: Type.Optional(UploadDate),
    /** Under 4 minutes, 4–20 minutes or over 20 minutes (contract/search.ts). */
    duration: Type.Optional(DurationFilter),
    /** Search exactly what was typed: no spelling correction (contract/search.ts, Spelling). */
    exact: Type.Optional(Type.Boolean()),
  }),
]);
export type VideoFeedQuery = Static<typeof VideoFeedQuery>;

/** `GET /videos/tags/popular`: the most used tags of published videos, most videos first. */
export const POPULAR_TAGS_DEFAULT = 10;
export const PopularTagsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 30, default: POPULAR_TAGS_DEFAULT }),
});
export type PopularTagsQuery = Static<typeof PopularTagsQuery>;
export const PopularTags = Type.Object({ tags: Type.Array(Type.String()) });
export type PopularTags = Static<typeof PopularTags>;

export const OwnVideosQuery = PageQuery(PAGE_SIZE.dashboardVideos);
export type OwnVideosQuery = Static<typeof OwnVideosQuery>;

/** GET /subscriptions/videos: the subscriptions feed (issue 23). */
export const SubscriptionFeedQuery = PageQuery(PAGE_SIZE.subscriptionFeed);
export type SubscriptionFeedQuery = Static<typeof SubscriptionFeedQuery>;

export const VideoList = Type.Object({
  videos: Type.Array(VideoItem),
  totalVideos: Type.Integer(),
  /**
   * Searches and the subscriptions feed only: true when totalVideos is a lower bound ("at least
   * this many"); otherwise totalVideos is the real count, on every page, past the end too.
   * Search totals are exact up to 1 000 matches (SEARCH_COUNT_CAP); past it counting stops one
   * row after the cap or the requested page, so a client that pages while it has read fewer than
   * totalVideos still reaches the last match. Show it as "1,000+" (totalVideos − 1, then "+").
   * The subscriptions feed holds its newest 1 000 videos (FEED_DEPTH): past that, totalVideos is
   * 1 000 with this flag set, and pages after it are empty.
   */
  totalIsLowerBound: Type.Optional(Type.Boolean()),
  /** Searches only: a correction of the query's spelling (contract/search.ts). */
  spelling: Type.Optional(Spelling),
  page: Type.Integer(),
  limit: Type.Integer(),
});
export type VideoList = Static<typeof VideoList>;

/**
 * Beyond API.md, for the owner's own list only (GET /videos/user): how many users like the video
 * (video likes only) and its adaptive-streaming state, so the dashboard's rows show them without a
 * call per row.
 */
export const OwnVideoItem = Type.Composite([
  VideoItem,
  Type.Object({ likeCount: Type.Integer(), processing: VideoProcessing }),
]);
export type OwnVideoItem = Static<typeof OwnVideoItem>;

export const OwnVideoList = Type.Composite([
  Type.Omit(VideoList, ['videos']),
  Type.Object({ videos: Type.Array(OwnVideoItem) }),
]);
export type OwnVideoList = Static<typeof OwnVideoList>;

/** The owner as the watch page shows it: with the channel's subscriber count and the caller's state. */
export const VideoOwnerDetail = Type.Composite([
  Owner,
  Type.Object({ subscriberCount: Type.Integer(), isSubscribed: Type.Boolean() }),
]);
export type VideoOwnerDetail = Static<typeof VideoOwnerDetail>;

export const VideoDetail = Type.Composite([
  Type.Omit(VideoItem, ['owner']),
  Type.Object({
    owner: VideoOwnerDetail,
    processing: VideoProcessing,
    /** Where the caller stopped last time (contract/watch-progress.ts); null when never. */
    progressSeconds: ProgressSeconds,
    /** Issue 34: the seek-preview WebVTT map's URL; null until made (older servers: absent). */
    seekPreviews: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  }),
]);
export type VideoDetail = Static<typeof VideoDetail>;

export const VideoIdParams = Type.Object({ videoId: Id });
export type VideoIdParams = Static<typeof VideoIdParams>;

/**
 * Text fields of `POST /videos` and `PATCH /videos/{videoId}` (multipart). `tags` is the JSON text
 * of a string array. Files: `videoFile` (upload only) and `thumbnail` (optional: on upload a frame
 * of the video is used when absent; on edit the current one is kept).
 */
export const VideoFormFields = Type.Object({
  title: Type.String(TEXT_RULES.videoTitle),
  description: Type.Optional(Type.String(TEXT_RULES.videoDescription)),
  tags: Type.String({ description: 'JSON text of a string array, e.g. ["music","live"]' }),
});

const BinaryFile = Type.String({ format: 'binary' });

export const VideoUploadBody = ClosedBody(
  Type.Composite([
    VideoFormFields,
    Type.Object({ thumbnail: Type.Optional(BinaryFile), videoFile: BinaryFile }),
    // Issue 34 (contract/video-visibility.ts): default public; a schedule with private or unlisted.
    Type.Object({
      visibility: Type.Optional(Visibility),
      publishAt: Type.Optional(DateString),
    }),
  ]),
);
export type VideoUploadBody = Static<typeof VideoUploadBody>;

/** Every field optional; a JSON body may also send `tags` as an array. */
export const VideoEditBody = ClosedBody(
  Type.Composite([
    Type.Partial(Type.Omit(VideoFormFields, ['tags'])),
    Type.Object({
      tags: Type.Optional(Type.Union([VideoFormFields.properties.tags, Type.Array(Type.String())])),
      thumbnail: Type.Optional(BinaryFile),
    }),
  ]),
);
export type VideoEditBody = Static<typeof VideoEditBody>;

export const DeletedCount = Type.Object({ deletedCount: Type.Integer() });
export type DeletedCount = Static<typeof DeletedCount>;
