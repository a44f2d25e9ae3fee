/** What the bell says about issue 33's notifications, and where they lead (the video's comments). */
import { describe, expect, it } from 'vitest';
import {
  notificationHref,
  notificationText,
  SETTING_LABELS,
} from '../../src/components/notifications/notification-text';
import { notification } from '../machines/notification-fixtures';

const about = {
  video: { _id: 'v1', title: 'Sunset timelapse', thumbnail: 'http://x/t.webp' },
  comment: { _id: 'c1', excerpt: 'Lovely colours' },
};

describe('conversation notifications', () => {
  it('say who replied, mentioned or hearted, on which video, and lead to its comments', () => {
    const reply = notification('n1', false, { type: 'reply', ...about });
    const mention = notification('n2', false, { type: 'mention', ...about });
    const heart = notification('n3', false, { type: 'heart', ...about });
    expect(notificationText(reply)).toBe(
      'Fan n1 replied to you on “Sunset timelapse”: Lovely colours',
    );
    expect(notificationText(mention)).toBe(
      'Fan n2 mentioned you on “Sunset timelapse”: Lovely colours',
    );
    expect(notificationText(heart)).toBe(
      'Fan n3 hearted your comment on “Sunset timelapse”: Lovely colours',
    );
    for (const n of [reply, mention, heart]) expect(notificationHref(n)).toBe('/watch/v1#comments');
  });

  it('have a settings switch each', () => {
    expect([SETTING_LABELS.reply, SETTING_LABELS.mention, SETTING_LABELS.heart]).toEqual([
      'Replies to my comments',
      'Mentions of me (@userName) in comments',
      'Hearts from creators on my comments',
    ]);
  });
});
