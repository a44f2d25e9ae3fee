/**
 * The dashboard's Videos list: loading, empty, rows with their badge, and the confirmed actions
 * (publish toggle, cancel, delete success and failure). The stats calls never answer here, so
 * only the list is exercised.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DashboardStats, DashboardViews } from '../../contract/dashboard';
import type { OwnVideoItem } from '../../contract/videos';
import type { ConfirmRequest } from '../../machines/confirm-action.machine';
import type { Page, PageRequest } from '../../machines/pager.machine';
import { ApiError } from '../../src/api/client';
import { NO_OWN_VIDEOS } from '../../src/features/dashboard/dashboard-videos';
import DashboardContentPage from '../../src/pages/dashboard-content-page';
import {
  deferred,
  FakeIntersectionObserver,
  installIntersectionObserver,
  makeUser,
  renderVideoPage,
} from './videos-helpers';
import { makeOwnVideo } from './dashboard-videos-helpers';

beforeEach(() => installIntersectionObserver());

function open() {
  const fetchOwnVideoPage = deferred<PageRequest, Page>();
  const performVideoAction = deferred<ConfirmRequest, unknown>();
  renderVideoPage(<DashboardContentPage />, {
    path: '/Dashboard/Content',
    user: makeUser({ fullName: 'Cora Creator' }),
    actors: {
      fetchStats: deferred<void, DashboardStats>().logic,
      fetchViews: deferred<{ days: 7 | 28 | 90; timeZone: string }, DashboardViews>().logic,
      fetchOwnVideoPage: fetchOwnVideoPage.logic,
      performVideoAction: performVideoAction.logic,
    },
  });
  return { fetchOwnVideoPage, performVideoAction };
}

const published = makeOwnVideo(1, { title: 'Public one', isPublished: true, likeCount: 1 });
const hidden = makeOwnVideo(2, { title: 'Hidden one', isPublished: false, views: 0 });

async function openWith(items: OwnVideoItem[], total = items.length) {
  const fakes = open();
  await act(async () => fakes.fetchOwnVideoPage.resolve({ items, total }));
  return fakes;
}

const row = (title: string) => screen.getByRole('listitem', { name: title });
const dialog = () => screen.getByRole('dialog');

describe('Dashboard videos list', () => {
  it('shows a skeleton while the first page loads, asking for 6', async () => {
    const { fetchOwnVideoPage } = open();
    expect(await screen.findByRole('status', { name: 'Loading videos' })).toBeInTheDocument();
    expect(fetchOwnVideoPage.calls[0]).toMatchObject({ page: 1, limit: 6 });
  });

  it('says so when the creator has no videos', async () => {
    await openWith([]);
    expect(screen.getByText(NO_OWN_VIDEOS)).toBeInTheDocument();
  });

  it('lists published and unpublished videos with their badge and a watch link', async () => {
    await openWith([published, hidden]);
    expect(within(row('Public one')).getByText('Public')).toBeInTheDocument();
    expect(within(row('Hidden one')).getByText('Private')).toBeInTheDocument();
    expect(within(row('Public one')).getByRole('link', { name: 'Public one' })).toHaveAttribute(
      'href',
      `/watch/${published._id}`,
    );
    expect(within(row('Hidden one')).getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('shows each row’s views and likes', async () => {
    await openWith([published, hidden]);
    expect(row('Public one')).toHaveTextContent('1.5K views · 1 like');
    expect(row('Hidden one')).toHaveTextContent('0 views · 0 likes');
  });

  it('loads the next page when the bottom marker shows and more exist', async () => {
    // A full page of 6 out of 7: a shorter page would tell the pager the list has ended.
    const six = [1, 2, 3, 4, 5, 6].map((n) => makeOwnVideo(n, { title: `Video ${n}` }));
    const { fetchOwnVideoPage } = await openWith(six, 7);
    act(() => FakeIntersectionObserver.showMarkers());
    expect(fetchOwnVideoPage.calls[1]).toMatchObject({ page: 2, limit: 6 });
  });

  it('publishes after Publish in the question, the badge following the server, buttons disabled meanwhile', async () => {
    const { performVideoAction } = await openWith([hidden]);
    fireEvent.click(within(row('Hidden one')).getByRole('button', { name: 'Publish' }));
    expect(dialog()).toHaveTextContent('Publish this video?');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Publish' }));
    expect(performVideoAction.calls).toEqual([{ action: 'publish', id: hidden._id }]);
    expect(within(row('Hidden one')).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await act(async () => performVideoAction.resolve({ ...hidden, isPublished: true }));
    expect(within(row('Hidden one')).getByText('Public')).toBeInTheDocument();
    expect(within(row('Hidden one')).getByRole('button', { name: 'Unpublish' })).toBeEnabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('changes nothing when the question is cancelled', async () => {
    const { performVideoAction } = await openWith([published]);
    fireEvent.click(within(row('Public one')).getByRole('button', { name: 'Unpublish' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(performVideoAction.calls).toHaveLength(0);
    expect(within(row('Public one')).getByText('Public')).toBeInTheDocument();
  });

  it('removes the row when the delete succeeds', async () => {
    const { performVideoAction } = await openWith([published, hidden]);
    fireEvent.click(within(row('Hidden one')).getByRole('button', { name: 'Delete' }));
    // The question names the action, and so does its red button (Cancel / Delete).
    expect(screen.getByRole('dialog', { name: 'Delete video?' })).toHaveTextContent(
      'Delete this video?',
    );
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(performVideoAction.calls).toEqual([{ action: 'deleteVideo', id: hidden._id }]);
    await act(async () => performVideoAction.resolve(undefined));
    expect(screen.queryByRole('listitem', { name: 'Hidden one' })).not.toBeInTheDocument();
    expect(row('Public one')).toBeInTheDocument();
  });

  it('reloads from the first page after a delete while more pages remain, so none is skipped', async () => {
    const six = [1, 2, 3, 4, 5, 6].map((n) => makeOwnVideo(n, { title: `Video ${n}` }));
    const { fetchOwnVideoPage, performVideoAction } = await openWith(six, 7);
    fireEvent.click(within(row('Video 3')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await act(async () => performVideoAction.resolve(undefined));
    // Page 2 by offset would now start at the old 8th video: the list asks for page 1 again.
    expect(fetchOwnVideoPage.calls[1]).toMatchObject({ page: 1, limit: 6 });
    const rest = [1, 2, 4, 5, 6, 7].map((n) => makeOwnVideo(n, { title: `Video ${n}` }));
    await act(async () => fetchOwnVideoPage.resolve({ items: rest, total: 6 }));
    expect(row('Video 7')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Video 3' })).not.toBeInTheDocument();
  });

  it("keeps the row and says 'Failed to delete video' when the delete fails", async () => {
    const { performVideoAction } = await openWith([published]);
    fireEvent.click(within(row('Public one')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await act(async () => performVideoAction.reject(new ApiError('', 500)));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete video');
    expect(within(row('Public one')).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });
});
