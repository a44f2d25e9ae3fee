/**
 * Focus stays where the user acted (issue 29): a control whose request runs stays focusable
 * (aria-disabled, aria-busy) instead of disabled, which would drop focus to the page; after a
 * comment is added, focus is back in the emptied box.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { Comment } from '../../contract/shapes';
import type { Page } from '../../machines/pager.machine';
import type { LikeStatus, ToggleLikeResult } from '../../machines/like-toggle.machine';
import type { SubscriptionState } from '../../machines/subscribe-toggle.machine';
import { SubscribeButton, useSubscribeToggle } from '../../src/components/subscribe-button';
import { CommentsSection } from '../../src/features/videos/comments-section';
import { LikeButton } from '../../src/features/videos/like-button';
import {
  deferred,
  installIntersectionObserver,
  makeComment,
  renderVideoPage,
} from './videos-helpers';

beforeEach(() => installIntersectionObserver());

function Subscribe() {
  const { toggle } = useSubscribeToggle('ch1', false, 3);
  return <SubscribeButton toggle={toggle} />;
}

describe('focus stays where the user acted', () => {
  it('Like keeps focus while its toggle runs and after', async () => {
    const toggle = deferred<{ videoId: string }, ToggleLikeResult>();
    renderVideoPage(<LikeButton videoId="v1" />, {
      actors: {
        fetchLikeStatus: fromPromise(async (): Promise<LikeStatus> => ({
          likeCount: 1,
          likedByUser: false,
        })),
        toggleLike: toggle.logic,
      },
    });
    const like = await screen.findByRole('button', { name: /like/i });
    await waitFor(() => expect(like).toBeEnabled());
    like.focus();
    await userEvent.keyboard('{Enter}');
    expect(like).toBeEnabled();
    expect(like).toHaveAttribute('aria-disabled', 'true');
    expect(like).toHaveFocus();
    // A second press while it runs is ignored.
    await userEvent.keyboard('{Enter}');
    expect(toggle.calls).toHaveLength(1);
    await act(async () => toggle.resolve({ liked: true, likeCount: 2 }));
    expect(like).toHaveFocus();
  });

  it('Subscribe keeps focus while its toggle runs and after', async () => {
    const toggle = deferred<{ channelId: string }, SubscriptionState>();
    renderVideoPage(<Subscribe />, { actors: { toggleSubscription: toggle.logic } });
    const button = await screen.findByRole('button', { name: 'Subscribe' });
    await userEvent.click(button);
    expect(button).toHaveFocus();
    // Disabled would drop focus to the page in a browser (jsdom keeps it): it stays focusable.
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(toggle.calls).toHaveLength(1);
    await act(async () => toggle.resolve({ subscribed: true, subscriberCount: 4 }));
    expect(screen.getByRole('button', { name: 'Subscribed' })).toHaveFocus();
  });

  it('Comment keeps focus while saving, then puts it back in the emptied box', async () => {
    const add = deferred<{ videoId: string; content: string }, Comment>();
    renderVideoPage(<CommentsSection videoId="v1" />, {
      actors: {
        fetchCommentPage: fromPromise(async (): Promise<Page> => ({ items: [], total: 0 })),
        addComment: add.logic,
      },
    });
    const box = await screen.findByLabelText('Add a comment');
    await userEvent.type(box, 'Lovely');
    const send = screen.getByRole('button', { name: 'Comment' });
    await userEvent.click(send);
    expect(send).toBeEnabled();
    expect(send).toHaveFocus();
    await act(async () => add.resolve(makeComment(5, { content: 'Lovely' })));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });
});
