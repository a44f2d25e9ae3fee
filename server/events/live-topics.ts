/**
 * What the bell and the watch page hear live, as event-bus topics (ids only). Writers announce
 * after their transaction committed; the live hub (live-hub.ts) of every replica turns the
 * events into Server-Sent Events for the connections they concern, and clients re-read through
 * the API. An announcement that fails is logged, never the request's failure: the write is done,
 * and the client's next refetch (or reconnect) shows it.
 */
import { InProcessBus, type EventBus } from './event-bus.js';

export const LIVE_TOPICS = {
  /** `userId`'s notifications changed (a new one, or read marks from another tab). */
  notifications: 'notifications',
  /** A new video's notifications were fanned out to its channel's subscribers (`videoId`). */
  newVideo: 'notifications.newVideo',
  /** A comment or reply was added to `videoId` (`commentId`, `parentId`: null for a comment). */
  comment: 'comments',
  /**
   * Sessions ended: all that are over among `userId`'s (sign-out, password change), or the one
   * `sessionId` (a replayed refresh token revoked it). Every replica ends their streams.
   */
  sessionsEnded: 'sessions.ended',
} as const;

function publish(events: EventBus, event: Parameters<EventBus['publish']>[0]): Promise<void> {
  return events.publish(event).catch((error: unknown) => {
    console.error(
      JSON.stringify({
        msg: 'live event not published',
        topic: event.topic,
        err: (error as Error).message,
      }),
    );
  });
}

export function announceNotifications(events: EventBus, userIds: Iterable<string>) {
  return Promise.all(
    [...new Set(userIds)].map((userId) =>
      publish(events, { topic: LIVE_TOPICS.notifications, userId }),
    ),
  );
}

export function announceNewVideo(events: EventBus, videoId: string) {
  return publish(events, { topic: LIVE_TOPICS.newVideo, videoId });
}

/** A comment (parentId null) or a reply in the thread of `parentId` was added to `videoId`. */
export function announceComment(
  events: EventBus,
  videoId: string,
  commentId: string,
  parentId: string | null,
) {
  // Events carry no nulls: a comment's event has no parentId.
  return publish(events, {
    topic: LIVE_TOPICS.comment,
    videoId,
    commentId,
    ...(parentId === null ? {} : { parentId }),
  });
}

/** After the revocation committed: the streams of `userId`'s sessions that are over end. */
export function announceSessionsEnded(
  events: EventBus,
  ended: { userId: string } | { sessionId: string },
) {
  return publish(events, { topic: LIVE_TOPICS.sessionsEnded, ...ended });
}

/**
 * Hands each `sessions.ended` announcement to `listener` before the announcing request goes on,
 * where the bus can (the in-process bus of the embedded database: one process); undefined on
 * PostgreSQL, whose NOTIFY reaches other replicas only some time after the commit. For the session
 * cache (auth/session-cache.ts), which may exist only where this holds.
 */
export function followSessionsEndedAtOnce(
  events: EventBus,
  listener: (ended: { sessionId?: string; userId?: string }) => void,
): (() => void) | undefined {
  if (!(events instanceof InProcessBus)) return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return events.subscribeAtPublish(LIVE_TOPICS.sessionsEnded, (event) =>
    listener({ sessionId: text(event.sessionId), userId: text(event.userId) }),
  );
}
