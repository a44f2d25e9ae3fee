/**
 * The content tabs of /Dashboard/Content: the URL names the tab (so reload and back land on it),
 * the tab links change the URL, and the Create menu's playlist and tweet items open their dialogs
 * on their tab. Also the dashboard's own menu in the phone's bottom bar.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderDashboard, loadDashboardChunk } from './dashboard-helpers';
import { installIntersectionObserver } from './videos-helpers';

beforeAll(loadDashboardChunk, 60_000);
beforeEach(() => installIntersectionObserver());

const tabs = () => screen.getByRole('navigation', { name: 'Content' });
const activeTab = () => within(tabs()).getByRole('link', { current: 'page' });

describe('dashboard content tabs', () => {
  it('opens on the videos tab at /Dashboard/Content', async () => {
    renderDashboard('/Dashboard/Content');
    expect(await screen.findByRole('heading', { name: 'Your videos' })).toBeInTheDocument();
    expect(activeTab()).toHaveTextContent('Videos');
    expect(screen.queryByRole('region', { name: 'Your playlists' })).toBeNull();
    expect(document.title).toBe('Dashboard - VidTube');
  });

  it.each([
    ['/Dashboard/Content/Playlists', 'Playlists', 'Your playlists'],
    ['/Dashboard/Content/playlists', 'Playlists', 'Your playlists'],
    ['/Dashboard/Content/Tweets', 'Tweets', 'Your tweets'],
  ])('opens %s on the %s tab (a reload keeps the tab)', async (path, tab, region) => {
    renderDashboard(path);
    expect(await screen.findByRole('region', { name: region })).toBeInTheDocument();
    expect(activeTab()).toHaveTextContent(tab);
    expect(screen.queryByRole('heading', { name: 'Your videos' })).toBeNull();
  });

  it('changes the URL when a tab is chosen', async () => {
    const { user, path } = renderDashboard('/Dashboard/Content');
    await user.click(await screen.findByRole('link', { name: 'Playlists' }));
    expect(path()).toBe('/Dashboard/Content/Playlists');
    expect(await screen.findByRole('region', { name: 'Your playlists' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Tweets' }));
    expect(path()).toBe('/Dashboard/Content/Tweets');
    expect(await screen.findByRole('region', { name: 'Your tweets' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Videos' }));
    expect(path()).toBe('/Dashboard/Content');
  });

  it('sends an unknown tab to the videos tab', async () => {
    const { path } = renderDashboard('/Dashboard/Content/Nonsense');
    await waitFor(() => expect(path()).toBe('/Dashboard/Content'));
    expect(await screen.findByRole('heading', { name: 'Your videos' })).toBeInTheDocument();
  });

  it('Create Playlist switches to the playlists tab and opens its dialog', async () => {
    const { user, path } = renderDashboard('/Dashboard/Content');
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    await user.click(screen.getByRole('menuitem', { name: 'Create Playlist' }));
    expect(path()).toBe('/Dashboard/Content/Playlists');
    expect(await screen.findByRole('dialog', { name: 'Create Playlist' })).toBeInTheDocument();
  });

  it('Create menu by keyboard: arrows and End move, Enter opens, closing returns focus to Create', async () => {
    const { user } = renderDashboard('/Dashboard/Content');
    const create = await screen.findByRole('button', { name: 'Create' });
    create.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Upload Video' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Post Tweet' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Create Playlist' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Create Playlist' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create' })).toHaveFocus();
  });

  it('Post Tweet switches to the tweets tab and opens its dialog; Escape closes it', async () => {
    const { user, path } = renderDashboard('/Dashboard/Content');
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    await user.click(screen.getByRole('menuitem', { name: 'Post Tweet' }));
    expect(path()).toBe('/Dashboard/Content/Tweets');
    expect(await screen.findByRole('dialog', { name: 'Post Tweet' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Post tweet' }));
    expect(await screen.findByRole('dialog', { name: 'Post Tweet' })).toBeInTheDocument();
  });

  it('forgets an open Create dialog when its tab is left, so coming back does not reopen it', async () => {
    const { user } = renderDashboard('/Dashboard/Content');
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    await user.click(screen.getByRole('menuitem', { name: 'Create Playlist' }));
    expect(await screen.findByRole('dialog', { name: 'Create Playlist' })).toBeInTheDocument();
    // In a browser Back leaves the tab with the dialog open; here the tab link does the same.
    await user.click(screen.getByRole('link', { name: 'Videos' }));
    expect(await screen.findByRole('heading', { name: 'Your videos' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Playlists' }));
    expect(await screen.findByRole('region', { name: 'Your playlists' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("puts the dashboard's menu in the phone's bottom bar", async () => {
    renderDashboard('/Dashboard/Content/Tweets');
    const bar = await screen.findByRole('navigation', { name: 'Bottom navigation' });
    const links = within(bar).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Home', 'Content', 'Source code', 'Settings']);
    expect(within(bar).getByRole('link', { name: 'Content' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(bar).getByRole('link', { name: 'Source code' })).toHaveAttribute(
      'target',
      '_blank',
    );
  });
});
