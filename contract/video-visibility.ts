/**
 * Issue 34, a video's visibility and schedule (docs/studio-visibility.md).
 * `PATCH /videos/{videoId}/visibility` (owner only; another user's video answers 404) with
 * `VisibilityBody` answers the OwnVideoItem (contract/videos.ts). VideoItem carries the state as
 * the optional `visibility` and `publishAt` (contract/shapes.ts); older clients read isPublished,
 * which means "public".
 *
 * - public: in every list; unlisted: anyone with the link may watch it, no list, count, search,
 *   suggestion or notification shows it to others; private: its owner alone.
 * - publishAt (private or unlisted only): the moment it becomes public. Later than now and at most
 *   PUBLISH_AT_MAX_DAYS ahead; null or absent clears a schedule.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ClosedBody, DateString, LiteralUnion } from './common.js';

export const VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export const Visibility = LiteralUnion(VISIBILITIES);
export type Visibility = (typeof VISIBILITIES)[number];

/** How far ahead a publication may be scheduled. */
export const PUBLISH_AT_MAX_DAYS = 365;

export const VisibilityBody = ClosedBody(
  Type.Object({
    visibility: Visibility,
    publishAt: Type.Optional(Type.Union([DateString, Type.Null()])),
  }),
);
export type VisibilityBody = Static<typeof VisibilityBody>;

/** The 400 messages of a refused schedule (exact texts the edit dialog shows). */
export const SCHEDULE_MESSAGES = {
  past: 'The publish time must be in the future',
  tooFar: `The publish time must be within ${PUBLISH_AT_MAX_DAYS} days`,
  public: 'Only a private or unlisted video can be scheduled',
} as const;

/** What the toggle and PATCH answer say. */
export const VISIBILITY_MESSAGES = {
  public: 'Video published',
  unlisted: 'Video unlisted',
  private: 'Video unpublished',
  scheduled: 'Video scheduled',
} as const;
