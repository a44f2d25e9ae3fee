/**
 * What a notification says and where it leads (issue 23). Our words: the product's spec has a
 * bell but no notification texts.
 */
import type { Notification, NotificationType } from '../../../contract/notifications';
import { watchPath } from '../../../contract/page-routes';

const quoted = (title: string) => `“${title}”`;

export function notificationText(n: Notification): string {
  const who = n.actor?.fullName ?? 'Someone';
  const title = n.video ? quoted(n.video.title) : 'your video';
  switch (n.type) {
    case 'newVideo':
      return `${who} uploaded ${title}`;
    case 'newSubscriber':
      return `${who} subscribed to your channel`;
    case 'comment':
      return `${who} commented on ${title}: ${n.comment?.excerpt ?? ''}`;
    case 'likeMilestone':
      return `${title} reached ${(n.milestone ?? 0).toLocaleString('en-US')} likes`;
    case 'videoReady':
      return n.outcome === 'failed'
        ? `${title} could not be converted for streaming. It still plays as uploaded.`
        : `${title} is ready`;
    // Issue 33: the conversation under a video.
    case 'reply':
      return `${who} replied to you on ${title}: ${n.comment?.excerpt ?? ''}`;
    case 'mention':
      return `${who} mentioned you on ${title}: ${n.comment?.excerpt ?? ''}`;
    case 'heart':
      return `${who} hearted your comment on ${title}: ${n.comment?.excerpt ?? ''}`;
  }
}

/** The notifications about a comment lead to the video's comments. */
const ABOUT_A_COMMENT: ReadonlySet<NotificationType> = new Set([
  'comment',
  'reply',
  'mention',
  'heart',
]);

/** The page a notification is about: the video, or the new subscriber's channel. */
export function notificationHref(n: Notification): string {
  if (n.type === 'newSubscriber' && n.actor) return `/Channel/${n.actor.userName}`;
  if (ABOUT_A_COMMENT.has(n.type) && n.video) return `${watchPath(n.video._id)}#comments`;
  return n.video ? watchPath(n.video._id) : '/';
}

/** The settings' switch labels, in the panel's order. */
export const SETTING_LABELS: Record<NotificationType, string> = {
  newVideo: 'New videos from my subscriptions',
  newSubscriber: 'New subscribers to my channel',
  comment: 'Comments on my videos',
  likeMilestone: 'Like milestones of my videos (10, 100, 1,000 …)',
  videoReady: 'My upload is ready to stream',
  reply: 'Replies to my comments',
  mention: 'Mentions of me (@userName) in comments',
  heart: 'Hearts from creators on my comments',
};
