/**
 * The dashboard's Comments tab (issue 33): its place among the content tabs, and the review queue
 * of held comments (oldest first, 20 per page, Approve and Delete with busy and failure states).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HELD_QUEUE_MESSAGES } from '../../machines/held-queue.machine';
import { ApiError } from '../../src/api/client';
import { loadDashboardChunk } from './dashboard-helpers';
import {
  commentsTabFakes,
  heldRow,
  makeHeld,
  queue,
  renderCommentsTab,
} from './dashboard-comments-helpers';
import { FakeIntersectionObserver, installIntersectionObserver } from './videos-helpers';

beforeAll(loadDashboardChunk, 60_000);
beforeEach(() => installIntersectionObserver());

const rows = () => within(queue()).queryAllByRole('listitem');

describe('the Comments tab', () => {
  it('is the fourth content tab, at /Dashboard/Content/Comments', async () => {
    const { user, path } = renderCommentsTab();
    await screen.findByRole('region', { name: 'Held for review' });
    const tabs = screen.getByRole('navigation', { name: 'Content' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Videos', 'Playlists', 'Tweets', 'Comments']);
    expect(within(tabs).getByRole('link', { current: 'page' })).toHaveTextContent('Comments');
    await user.click(within(tabs).getByRole('link', { name: 'Videos' }));
    await user.click(within(tabs).getByRole('link', { name: 'Comments' }));
    expect(path()).toBe('/Dashboard/Content/Comments');
    expect(await screen.findByRole('region', { name: 'Held words' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Blocked users' })).toBeInTheDocument();
  });

  it('says so when no comment waits for review', async () => {
    renderCommentsTab();
    expect(await screen.findByText(HELD_QUEUE_MESSAGES.empty)).toBeInTheDocument();
    expect(rows()).toEqual([]);
  });

  it("lists each held comment with its video's thumbnail and title, its author and its whole text", async () => {
    const { fakes } = commentsTabFakes({ held: [makeHeld(1), makeHeld(2)] });
    renderCommentsTab(fakes);
    const first = await waitFor(() => heldRow(1));
    // Oldest first, as the server answers.
    expect(rows().map((r) => r.getAttribute('aria-label'))).toEqual([
      'Comment by @viewer1 on Video 1',
      'Comment by @viewer2 on Video 2',
    ]);
    expect(within(first).getByRole('link', { name: 'Video 1' })).toHaveAttribute(
      'href',
      '/watch/v1',
    );
    expect(first.querySelector('img[src="/media/thumb-1.webp"]')).not.toBeNull();
    expect(within(first).getByRole('link', { name: '@viewer1' })).toHaveAttribute(
      'href',
      '/Channel/viewer1',
    );
    expect(first).toHaveTextContent('Held comment 1 with spam');
    expect(within(first).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(first).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('Approve publishes the comment: every button waits meanwhile, then the row leaves', async () => {
    const { fakes } = commentsTabFakes({ held: [makeHeld(1), makeHeld(2)] });
    const { user } = renderCommentsTab(fakes);
    await waitFor(() => heldRow(1));
    await user.click(within(heldRow(1)).getByRole('button', { name: 'Approve' }));
    expect(fakes.performHeldAction.calls).toEqual([{ action: 'approve', id: 'held1' }]);
    expect(within(heldRow(1)).getByRole('button', { name: 'Approving…' })).toBeDisabled();
    expect(within(heldRow(2)).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await act(async () => fakes.performHeldAction.resolve({}));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(heldRow(2)).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('Delete removes the comment; the last one gone leaves the empty text', async () => {
    const { fakes } = commentsTabFakes({ held: [makeHeld(1)] });
    const { user } = renderCommentsTab(fakes);
    await waitFor(() => heldRow(1));
    await user.click(within(heldRow(1)).getByRole('button', { name: 'Delete' }));
    expect(fakes.performHeldAction.calls).toEqual([{ action: 'delete', id: 'held1' }]);
    await act(async () => fakes.performHeldAction.resolve(undefined));
    expect(await within(queue()).findByText(HELD_QUEUE_MESSAGES.empty)).toBeInTheDocument();
  });

  it("keeps a comment whose action failed, with the server's reason under it", async () => {
    const { fakes } = commentsTabFakes({ held: [makeHeld(1), makeHeld(2)] });
    const { user } = renderCommentsTab(fakes);
    await waitFor(() => heldRow(2));
    await user.click(within(heldRow(2)).getByRole('button', { name: 'Approve' }));
    await act(async () =>
      fakes.performHeldAction.reject(
        new ApiError('Only the video\u2019s creator can approve', 403),
      ),
    );
    expect(await within(heldRow(2)).findByRole('alert')).toHaveTextContent(
      'Only the video\u2019s creator can approve',
    );
    expect(rows()).toHaveLength(2);
    expect(within(heldRow(2)).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(heldRow(1)).queryByRole('alert')).toBeNull();
  });

  it('drops a comment that was gone already and says so', async () => {
    const { fakes } = commentsTabFakes({ held: [makeHeld(1), makeHeld(2)] });
    const { user } = renderCommentsTab(fakes);
    await waitFor(() => heldRow(1));
    await user.click(within(heldRow(1)).getByRole('button', { name: 'Delete' }));
    await act(async () => fakes.performHeldAction.reject(new ApiError('Comment not found', 404)));
    expect(await screen.findByText(HELD_QUEUE_MESSAGES.gone)).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
  });

  it('pages 20 at a time as the list scrolls, oldest first, none skipped after approvals', async () => {
    const held = Array.from({ length: 23 }, (_, i) => makeHeld(i + 1));
    const { data, fakes } = commentsTabFakes({ held });
    const { user } = renderCommentsTab(fakes);
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(fakes.fetchHeldPage.calls[0]).toMatchObject({ page: 1, limit: 20 });
    await user.click(within(heldRow(1)).getByRole('button', { name: 'Approve' }));
    data.held = data.held.filter((h) => h._id !== 'held1');
    await act(async () => fakes.performHeldAction.resolve({}));
    await waitFor(() => expect(rows()).toHaveLength(19));
    // The page holding the next unread comment (page 1, keeping its last), then page 2; the
    // marker stays on screen, so it reports itself again after each load.
    act(() => FakeIntersectionObserver.showMarkers());
    await waitFor(() => expect(rows()).toHaveLength(20));
    act(() => FakeIntersectionObserver.showMarkers());
    await waitFor(() => expect(rows()).toHaveLength(22));
    expect(fakes.fetchHeldPage.calls.slice(1)).toMatchObject([
      { page: 1, limit: 20 },
      { page: 2, limit: 20 },
    ]);
    expect(rows().map((r) => r.getAttribute('aria-label')?.match(/@viewer(\d+)/)?.[1])).toEqual(
      Array.from({ length: 22 }, (_, i) => String(i + 2)),
    );
  });
});
