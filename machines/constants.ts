/**
 * Every number and fixed text of the product spec's section 9 that only the SPA uses, in one
 * place. Page sizes and input limits, which the server shares, live in contract/limits.ts.
 * Machines and views import from here; nothing else hard-codes these values.
 */

/** After a failed page load, the next try waits this long. */
export const RETRY_DELAY_MS = 3000;

/** Signup wizard step count ('Step n of 4'). */
export const SIGNUP_STEPS = 4;

/** Descriptions longer than this are collapsed behind 'see more'. */
export const DESCRIPTION_COLLAPSE_CHARS = 200;
/** Comments longer than this many lines are clamped behind Read more (issue 29; the spec is silent). */
export const COMMENT_COLLAPSE_LINES = 4;

/** Upload progress: +10 every 500 ms up to 90, 100 on success, close 1 s later. */
export const UPLOAD_PROGRESS_STEP = 10;
export const UPLOAD_PROGRESS_TICK_MS = 500;
export const UPLOAD_PROGRESS_CAP = 90;
export const UPLOAD_PROGRESS_DONE = 100;
export const UPLOAD_CLOSE_DELAY_MS = 1000;

/** The upload dialog captures its default thumbnail from this moment of the video. */
export const THUMBNAIL_CAPTURE_SECONDS = 1;

/** Image hint shown in the upload popup; the server enforces the same limit. */
export const IMAGE_HINT = 'PNG, JPG, GIF up to 10MB';

/** Toasts. */
export const TOAST_AUTO_CLOSE_MS = 5000;

/** View count abbreviations. */
export const VIEWS_THOUSAND = 1_000;
export const VIEWS_MILLION = 1_000_000;

/** Legal pages and footer. */
export const TERMS_DATE = '20 Jan 2022';
export const FOOTER_YEAR = 2024;
export const APP_VERSION = '1.0.0';

/** Product name shown in the top bar and page titles. */
export const PRODUCT_NAME = 'VidTube';

// ── Channel page (spec §2 Channel page) ──────────────────────────────────────────────────────
/** The channel's tabs as their URL segments, default first (the Subscribed tab is labelled Subscribers). */
export const CHANNEL_TABS = ['Videos', 'PlayList', 'Tweets', 'Subscribed'] as const;
export type ChannelTab = (typeof CHANNEL_TABS)[number];
export const CHANNEL_TAB_LABELS: Readonly<Record<ChannelTab, string>> = {
  Videos: 'Videos',
  PlayList: 'PlayList',
  Tweets: 'Tweets',
  Subscribed: 'Subscribers',
};
/** Spec §4: the channel's Videos tab loads at full visibility of the bottom marker (elsewhere any). */
export const CHANNEL_VIDEOS_SENTINEL_THRESHOLD = 1;
/** The Tweets tab's textarea height (spec §2: 4 rows). */
export const TWEET_TEXTAREA_ROWS = 4;

// ── Dashboard dialogs (spec §2 Dialogs, §4, §9) ─────────────────────────────────────────────
/** The batch save waits this long between one playlist entry's save and the next. */
export const BATCH_SAVE_SPACING_MS = 500;
/** Add to playlist lists this many playlists before 'Show more'. */
export const PLAYLISTS_BEFORE_SHOW_MORE = 4;

// ── Signup wizard (issue 22) ────────────────────────────────────────────────────────────────
/** Step 1 asks whether a typed user name or email is taken once typing pauses this long. */
export const AVAILABILITY_CHECK_DELAY_MS = 400;
