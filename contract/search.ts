/**
 * Finding and keeping watching (issue 31), beyond API.md: the search's filters and sort, its
 * spelling correction, suggestions while typing, channels in results, and Up next.
 *
 * - `GET /videos?query=…&uploaded=…&duration=…&sortBy=…&exact=…`: the spec's search, with the
 *   filters below (they narrow the feed without a query too). `sortBy` absent means relevance for
 *   a search; `createdAt` and `views` sort newest and most viewed first. The answer may carry
 *   `spelling` (VideoList in contract/videos.ts).
 * - `GET /search/suggestions?q=…`: completions while typing, for anyone: others' searches that
 *   found videos (no personal data is kept: docs/decisions.md), published titles, tags and
 *   channels; most popular first, one of each text whatever its case or accents. A blank `q`
 *   is refused (400) like a missing one.
 * - `GET /search/channels?query=…`: the channels a query names, best first.
 * - `GET /videos/{videoId}/up-next?limit=…`: what plays after this video.
 *
 * The search page's own URL says the same in words a user can read and share:
 * `/search?query=bread&uploaded=week&duration=short&sort=views&exact=1` (SEARCH_URL_KEYS).
 */
import { Type, type Static } from '@sinclair/typebox';
import { VideoItem } from './shapes.js';
import { ChannelSubscriber } from './engagement.js';
import { Id, LiteralUnion } from './common.js';

/** Upload date filters, newest window first: each keeps videos uploaded within it, counted back from now. */
export const UPLOAD_DATES = ['hour', 'today', 'week', 'month', 'year'] as const;
export type UploadDate = (typeof UPLOAD_DATES)[number];
export const UploadDate = LiteralUnion(UPLOAD_DATES);

/**
 * How far back each upload date reaches, in hours. "Today" is the last 24 hours, as the largest
 * video site counts it: a viewer's midnight would need their time zone and would make "today" at
 * 00:05 nearly empty.
 */
export const UPLOAD_DATE_HOURS: Record<UploadDate, number> = {
  hour: 1,
  today: 24,
  week: 7 * 24,
  month: 30 * 24,
  year: 365 * 24,
};

/** Duration filters: under 4 minutes, 4 to 20 minutes, over 20 minutes. */
export const DURATIONS = ['short', 'medium', 'long'] as const;
export type DurationFilter = (typeof DURATIONS)[number];
export const DurationFilter = LiteralUnion(DURATIONS);

/** Bounds in seconds, lower bound included, upper excluded (null: unbounded). */
export const DURATION_SECONDS: Record<DurationFilter, { min: number | null; max: number | null }> =
  {
    short: { min: null, max: 4 * 60 },
    medium: { min: 4 * 60, max: 20 * 60 },
    long: { min: 20 * 60, max: null },
  };

/** The search page's sort, as its URL says it; relevance is the default and stays out of the URL. */
export const SEARCH_SORTS = ['relevance', 'date', 'views'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** The API's `sortBy` for each of the search page's sorts (relevance sends none). */
export const SORT_BY_OF_SEARCH_SORT = {
  relevance: undefined,
  date: 'createdAt',
  views: 'views',
} as const satisfies Record<SearchSort, 'createdAt' | 'views' | undefined>;

/** Labels of the filter menu and of the chips that show the chosen filters. */
export const UPLOAD_DATE_LABELS: Record<UploadDate, string> = {
  hour: 'Last hour',
  today: 'Today',
  week: 'This week',
  month: 'This month',
  year: 'This year',
};
export const DURATION_LABELS: Record<DurationFilter, string> = {
  short: 'Under 4 minutes',
  medium: '4–20 minutes',
  long: 'Over 20 minutes',
};
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Relevance',
  date: 'Upload date',
  views: 'View count',
};

/** The search page's URL keys besides `query`. */
export const SEARCH_URL_KEYS = ['uploaded', 'duration', 'sort', 'exact'] as const;

/**
 * Set on a search's answer when a word of the query matched nothing and a similar word of the
 * catalogue's titles, tags or channel names does.
 * - `applied: true`: the query's own words found nothing, so the videos listed are those of
 *   `corrected` ("Showing results for *corrected*", with a link to search exactly what was typed).
 * - `applied: false`: the videos are those of the query as typed, and `corrected` finds more
 *   ("Did you mean *corrected*?").
 * Absent when nothing needed correcting, and always when the request said `exact=true`.
 */
export const Spelling = Type.Object({
  /** The query with its unmatched words replaced by their nearest catalogue words. */
  corrected: Type.String(),
  applied: Type.Boolean(),
});
export type Spelling = Static<typeof Spelling>;

/**
 * Longest text a suggestion request completes; the search box's own limit is the query's 200
 * (past this the answer is a 400, which the box shows as no suggestions). Searches longer than this are not remembered either.
 */
export const SUGGEST_TEXT_MAX = 100;
/** Most suggestions one answer holds. */
export const SUGGESTIONS_MAX = 8;
/** How long the search box waits after a key before it asks for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 150;

export const SuggestionsQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: SUGGEST_TEXT_MAX }),
});
export type SuggestionsQuery = Static<typeof SuggestionsQuery>;

/** Where a suggestion comes from (a completed title, tag, channel name or others' searches). */
export const SuggestionKind = Type.Union([
  Type.Literal('query'),
  Type.Literal('title'),
  Type.Literal('tag'),
  Type.Literal('channel'),
]);
export type SuggestionKind = Static<typeof SuggestionKind>;

export const Suggestion = Type.Object({ text: Type.String(), kind: SuggestionKind });
export type Suggestion = Static<typeof Suggestion>;
export const Suggestions = Type.Object({ suggestions: Type.Array(Suggestion) });
export type Suggestions = Static<typeof Suggestions>;

/** Most channels `GET /search/channels` returns; the search page shows the first above the videos. */
export const CHANNEL_RESULTS_MAX = 3;

export const ChannelSearchQuery = Type.Object({
  query: Type.String({ minLength: 1, maxLength: 200 }),
});
export type ChannelSearchQuery = Static<typeof ChannelSearchQuery>;

/**
 * A channel a search names: a subscriber row's fields (avatar, names, subscribers, whether the
 * caller subscribes: false for a visitor) and its published videos, enough for its card.
 */
export const ChannelResult = Type.Composite([
  ChannelSubscriber,
  Type.Object({ videoCount: Type.Integer() }),
]);
export type ChannelResult = Static<typeof ChannelResult>;
export const ChannelResults = Type.Object({ channels: Type.Array(ChannelResult) });
export type ChannelResults = Static<typeof ChannelResults>;

/** Up next's length by default and at most. */
export const UP_NEXT_DEFAULT = 12;
export const UP_NEXT_MAX = 20;

export const UpNextParams = Type.Object({ videoId: Id });
export const UpNextQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: UP_NEXT_MAX, default: UP_NEXT_DEFAULT }),
});
export type UpNextQuery = Static<typeof UpNextQuery>;
export const UpNext = Type.Object({ videos: Type.Array(VideoItem) });
export type UpNext = Static<typeof UpNext>;

/** Autoplay's countdown before the first of Up next plays, in seconds. */
export const AUTOPLAY_COUNTDOWN_SECONDS = 5;
