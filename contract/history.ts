/** Contract of `GET /users/history` (API.md, Users). */
import { Type, type Static } from '@sinclair/typebox';
import { DateString, Id, PageQuery } from './common.js';
import { PAGE_SIZE } from './limits.js';
import { VideoItem } from './shapes.js';
import { ProgressSeconds } from './watch-progress.js';

export const HistoryQuery = PageQuery(PAGE_SIZE.history);
export type HistoryQuery = Static<typeof HistoryQuery>;

export const HistoryEntry = Type.Object({
  _id: Id,
  watchedAt: DateString,
  video: VideoItem,
  /** Where the caller stopped (contract/watch-progress.ts), for the entry's progress bar. */
  progressSeconds: ProgressSeconds,
});
export type HistoryEntry = Static<typeof HistoryEntry>;

/** `totalPages` is at least 1, so an empty history reads "page 1 of 1". */
export const HistoryPage = Type.Object({
  history: Type.Array(HistoryEntry),
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
  totalHistory: Type.Integer(),
});
export type HistoryPage = Static<typeof HistoryPage>;
