/**
 * The numbers that server, machines and views share: the API prefix, the input limits the server
 * enforces (API.md, Limits) and the SPA hints with, and the page sizes of every list (spec §9).
 *
 * This module must stay free of TypeBox (and of any other import): the SPA's chunks import it,
 * and TypeBox's runtime (~11 kB gzip) must not follow it into the pages.
 */

/** Every API route lives under this prefix; the SPA's client prepends it to each call. */
export const API_PREFIX = '/api/v1';

/** Server-enforced limits (API.md, Limits). The SPA uses the same numbers for its hints. */
export const LIMITS = {
  userName: { min: 3, max: 30, pattern: '^[a-z0-9_.]+$' },
  fullName: { min: 1, max: 80 },
  email: { max: 254 },
  password: { min: 8, max: 128 },
  title: { min: 1, max: 100 },
  description: { max: 5000 },
  tags: { max: 15, tagMin: 1, tagMax: 30 },
  comment: { min: 1, max: 2000 },
  tweet: { min: 1, max: 280 },
  playlistName: { min: 1, max: 100 },
  playlistDescription: { max: 1000 },
  imageBytes: 10 * 1024 * 1024,
  /**
   * The default of the server's MAX_VIDEO_BYTES; the SPA refuses a larger video when it is picked
   * (issue 29). An operator who raises MAX_VIDEO_BYTES raises this too (docs/operations.md).
   */
  videoBytes: 2 * 1024 ** 3,
  jsonBodyBytes: 64 * 1024,
} as const;

/**
 * The picture types the server takes (server/media/images.ts decodes PNG, JPEG, GIF and WebP and
 * refuses the rest); the SPA refuses any other type as soon as a file is picked.
 */
export const IMAGE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
];

/**
 * Page sizes (spec §9). The SPA asks for these; the server uses the same ones as the default
 * `limit` of each list, so a client that sends none sees what the SPA shows.
 */
export const PAGE_SIZE = {
  history: 10,
  homeFeed: 12,
  search: 9,
  /** Retry after a failed feed load clears the list and loads this many. */
  retry: 9,
  channelVideos: 6,
  dashboardVideos: 6,
  addToPlaylistVideos: 2,
  comments: 9,
  /** A thread's replies, oldest first (issue 33). */
  replies: 10,
  /** The creator's review queue of held comments (issue 33). */
  heldComments: 20,
  /** The users a channel blocked from commenting (issue 33). */
  blockedUsers: 50,
  /** A channel's subscriber list (the channel's Subscribers tab; the API default). */
  subscribers: 50,
  /** The channel's PlayList tab: cards per page of its infinite scroll. */
  channelPlaylists: 12,
  /** The channel's Tweets tab shows the newest this many (the API's largest page). */
  channelTweets: 50,
  /** The bell's panel (and the /notifications page on phones). */
  notifications: 20,
  /** The subscriptions feed (newest videos of followed channels), as the home feed. */
  subscriptionFeed: 12,
} as const;

/** Pages are 1-based everywhere (spec §9: "Default video page 1"). */
export const FIRST_PAGE = 1;

/**
 * Deepest page any list serves. With `limit` ≤ MAX_LIMIT a query skips at most 500 000 rows, which
 * bounds the work one request can ask of the database; past it, filters or search narrow the list.
 */
export const MAX_PAGE = 10_000;

/**
 * The conversation's bounds (issue 33). A channel's held-words list holds at most `heldWords.max`
 * words of `wordMin`…`wordMax` characters (stored lower-cased and trimmed; a comment is held when
 * one of its words, or a phrase of several, appears in it whole, ignoring case). A comment notifies
 * at most `mentionsNotified` of the @userNames it names.
 */
export const CONVERSATION = {
  heldWords: { max: 200, wordMin: 2, wordMax: 40 },
  mentionsNotified: 5,
} as const;

/** Largest `limit` any list accepts. */
export const MAX_LIMIT = 50;

/** The periods, in days, of the dashboard's views chart (GET /dashboard/views?days=…). */
export const DASHBOARD_PERIODS = [7, 28, 90] as const;
export const DASHBOARD_DEFAULT_PERIOD = 28;
/** How many of the period's most viewed videos the dashboard lists. */
export const DASHBOARD_TOP_VIDEOS = 5;

/** The unread count is exact up to this; at it the bell shows "99+". */
export const UNREAD_COUNT_CAP = 100;
/** Most notifications one "mark read" call names. */
export const MARK_READ_MAX_IDS = 100;
