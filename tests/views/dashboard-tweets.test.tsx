/**
 * The dashboard's Tweets tab: the caller's tweets, the Post Tweet dialog ('Tweet content is
 * required!') and the Edit Tweet dialog ('Tweet content cannot be empty'), which keep the typed
 * text when the server refuses, and delete after the question.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dashboardFakes, renderDashboard, loadDashboardChunk } from './dashboard-helpers';
import { installIntersectionObserver } from './videos-helpers';

beforeAll(loadDashboardChunk, 60_000);
beforeEach(() => installIntersectionObserver());

const PATH = '/Dashboard/Content/Tweets';

async function openTab(setup = dashboardFakes()) {
  const view = renderDashboard(PATH, setup.fakes);
  await screen.findAllByTestId('tweet');
  return { ...view, ...setup };
}

describe('the Tweets tab', () => {
  it("lists the caller's tweets with their count", async () => {
    const { fakes } = await openTab();
    expect(fakes.fetchTweets.calls).toEqual([{ userId: 'u_alice' }]);
    expect(screen.getByRole('heading', { name: '2 Tweets' })).toBeInTheDocument();
    expect(screen.getAllByTestId('tweet')[0]).toHaveTextContent('Tweet number 1');
  });
});

describe('the Post Tweet dialog', () => {
  it("refuses blank text with 'Tweet content is required!', then posts, closes and lists it", async () => {
    const { user, fakes } = await openTab();
    await user.click(screen.getByRole('button', { name: 'Post tweet' }));
    const post = screen.getByRole('dialog', { name: 'Post Tweet' });
    const box = within(post).getByPlaceholderText('Write your valuable tweets here...');
    expect(box).toHaveFocus();
    await user.type(box, '   ');
    await user.click(within(post).getByRole('button', { name: 'Tweet' }));
    expect(await screen.findByText('Tweet content is required!')).toBeInTheDocument();
    expect(fakes.postTweet.calls).toEqual([]);
    await user.type(box, 'Fresh thoughts ');
    await user.click(within(post).getByRole('button', { name: 'Tweet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakes.postTweet.calls).toEqual([{ content: 'Fresh thoughts' }]);
    expect(await screen.findByRole('heading', { name: '3 Tweets' })).toBeInTheDocument();
    expect(screen.getAllByTestId('tweet')[0]).toHaveTextContent('Fresh thoughts');
  });

  it('counts the characters beside the box and keeps Tweet back past 280', async () => {
    const { user, fakes } = await openTab();
    await user.click(screen.getByRole('button', { name: 'Post tweet' }));
    const post = screen.getByRole('dialog', { name: 'Post Tweet' });
    const box = within(post).getByRole('textbox', { name: 'Tweet *' });
    expect(within(post).getByText('0 / 280')).toBeInTheDocument();
    await user.paste('b'.repeat(300));
    expect(box).toHaveValue('b'.repeat(300));
    expect(within(post).getByText('300 / 280')).toBeInTheDocument();
    expect(within(post).getByText('Tweet can be at most 280 characters')).toBeInTheDocument();
    expect(within(post).getByRole('button', { name: 'Tweet' })).toBeDisabled();
    expect(fakes.postTweet.calls).toEqual([]);
  });

  it('keeps the dialog and the typed text when the post fails', async () => {
    const setup = dashboardFakes();
    setup.data.failing.add('postTweet');
    const { user } = await openTab(setup);
    await user.click(screen.getByRole('button', { name: 'Post tweet' }));
    const post = screen.getByRole('dialog', { name: 'Post Tweet' });
    await user.type(within(post).getByRole('textbox'), 'Not lost');
    await user.click(within(post).getByRole('button', { name: 'Tweet' }));
    expect(await screen.findByText('Server error')).toBeInTheDocument();
    expect(within(post).getByRole('textbox')).toHaveValue('Not lost');
    expect(within(post).getByRole('button', { name: 'Tweet' })).toBeEnabled();
  });
});

describe('the Edit Tweet dialog', () => {
  it("starts with the tweet, refuses blank with 'Tweet content cannot be empty', saves in place", async () => {
    const { user, fakes } = await openTab();
    const first = screen.getAllByTestId('tweet')[0]!;
    const opener = within(first).getByRole('button', { name: 'Edit' });
    await user.click(opener);
    const edit = screen.getByRole('dialog', { name: 'Edit Tweet' });
    const box = within(edit).getByRole('textbox');
    expect(box).toHaveValue('Tweet number 1');
    await user.clear(box);
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tweet content cannot be empty')).toBeInTheDocument();
    expect(fakes.updateTweet.calls).toEqual([]);
    await user.type(box, 'Reworded');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tweet updated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fakes.updateTweet.calls).toEqual([{ tweetId: 't1', content: 'Reworded' }]);
    expect(screen.getAllByTestId('tweet')[0]).toHaveTextContent('Reworded');
    expect(opener).toHaveFocus();
  });

  it('Cancel closes it without saving', async () => {
    const { user, fakes } = await openTab();
    await user.click(
      within(screen.getAllByTestId('tweet')[1]!).getByRole('button', { name: 'Edit' }),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fakes.updateTweet.calls).toEqual([]);
    expect(screen.getAllByTestId('tweet')[1]).toHaveTextContent('Tweet number 2');
  });
});

describe('deleting a tweet', () => {
  it("asks, then removes it with 'Tweet deleted successfully'", async () => {
    const { user, fakes } = await openTab();
    await user.click(
      within(screen.getAllByTestId('tweet')[0]!).getByRole('button', { name: 'Delete' }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tweet deleted successfully')).toBeInTheDocument();
    expect(fakes.deleteTweet.calls).toEqual([{ tweetId: 't1' }]);
    expect(screen.getAllByTestId('tweet')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: '1 Tweet' })).toBeInTheDocument();
  });
});
