/**
 * Lists whose data is a bare array (API.md's shape for playlists, tweets and subscriptions) carry
 * the total number of rows, over all pages, in this response header.
 */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
