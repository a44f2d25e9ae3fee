import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { aliceChannel, channelFakes, renderChannel } from './channel-helpers';
import { installIntersectionObserver } from './videos-helpers';

beforeEach(() => installIntersectionObserver());

const own = () => channelFakes(aliceChannel);

describe("the Tweets tab of another's channel", () => {
  it('shows the count and each tweet, with likes but no compose box, edit or delete', async () => {
    const { user, fakes } = renderChannel('/Channel/olive/Tweets');
    expect(await screen.findByRole('heading', { name: '2 Tweets' })).toBeInTheDocument();
    const tweets = screen.getAllByTestId('tweet');
    expect(tweets[0]).toHaveTextContent('Olive Owner');
    expect(tweets[0]).toHaveTextContent('@olive');
    expect(tweets[0]).toHaveTextContent('Tweet number 1');
    expect(tweets[0]).toHaveTextContent('Posted 1 hour ago');
    expect(screen.queryByPlaceholderText('Write your valuable tweets here...')).toBeNull();
    expect(within(tweets[0]!).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(tweets[0]!).queryByRole('button', { name: 'Delete' })).toBeNull();
    // The like toggle: the tweet's own count, then the server's answer.
    const like = within(tweets[0]!).getByRole('button', { name: /^Like/ });
    await waitFor(() => expect(like).toBeEnabled());
    expect(like).toHaveTextContent('1');
    await user.click(like);
    await waitFor(() => expect(like).toHaveTextContent('42'));
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(fakes.toggleTweetLike.calls).toEqual([{ videoId: 't1' }]);
  });

  it('says when there are no tweets, and when they cannot be loaded', async () => {
    const { data, fakes } = channelFakes();
    data.tweets = [];
    const first = renderChannel('/Channel/olive/Tweets', fakes);
    expect(await screen.findByText('No tweets yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '0 Tweets' })).toBeInTheDocument();
    first.unmount();
    data.failing.add('fetchTweets');
    renderChannel('/Channel/olive/Tweets', fakes);
    expect(await screen.findByText('Failed to load tweets. Please try again.')).toBeInTheDocument();
  });
});

describe("the Tweets tab of one's own channel", () => {
  it('has a 4-row textarea; empty text sends nothing; a post clears it and reloads the list', async () => {
    const { fakes } = own();
    const { user } = renderChannel('/Channel/alice/Tweets', fakes);
    const box = await screen.findByPlaceholderText('Write your valuable tweets here...');
    expect(box).toHaveAttribute('rows', '4');
    const tweet = screen.getByRole('button', { name: 'Tweet' });
    expect(tweet).toBeDisabled();
    await user.type(box, '   ');
    expect(tweet).toBeDisabled();
    await user.click(tweet);
    expect(fakes.postTweet.calls).toEqual([]);
    await user.clear(box);
    await user.type(box, '  Fresh thoughts  ');
    await user.click(screen.getByRole('button', { name: 'Tweet' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(fakes.postTweet.calls).toEqual([{ content: 'Fresh thoughts' }]);
    expect(await screen.findByRole('heading', { name: '3 Tweets' })).toBeInTheDocument();
    expect(screen.getAllByTestId('tweet')[0]).toHaveTextContent('Fresh thoughts');
    expect(fakes.fetchTweets.calls).toHaveLength(2);
  });

  it("edits: blank says 'Tweet content cannot be empty', a save says 'Tweet updated successfully'", async () => {
    const { fakes } = own();
    const { user } = renderChannel('/Channel/alice/Tweets', fakes);
    const first = (await screen.findAllByTestId('tweet'))[0]!;
    await user.click(within(first).getByRole('button', { name: 'Edit' }));
    const edit = within(first).getByRole('textbox', { name: 'Edit tweet' });
    expect(edit).toHaveValue('Tweet number 1');
    await user.clear(edit);
    await user.click(within(first).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tweet content cannot be empty')).toBeInTheDocument();
    expect(fakes.updateTweet.calls).toEqual([]);
    await user.type(edit, 'Reworded');
    await user.click(within(first).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tweet updated successfully')).toBeInTheDocument();
    expect(fakes.updateTweet.calls).toEqual([{ tweetId: 't1', content: 'Reworded' }]);
    expect(first).toHaveTextContent('Reworded');
    expect(within(first).queryByRole('textbox')).toBeNull();
  });

  it('counts the characters, and refuses the 281st visibly instead of cutting it', async () => {
    const { fakes } = own();
    const { user } = renderChannel('/Channel/alice/Tweets', fakes);
    const box = await screen.findByPlaceholderText('Write your valuable tweets here...');
    expect(box).toHaveAccessibleDescription('0 / 280');
    await user.type(box, 'Hello');
    expect(box).toHaveAccessibleDescription('5 / 280');
    // A paste that is one character too long stays whole; the counter and the box say why.
    await user.clear(box);
    await user.click(box);
    await user.paste('a'.repeat(281));
    expect(box).toHaveValue('a'.repeat(281));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Tweet can be at most 280 characters 281 / 280');
    expect(screen.getByRole('button', { name: 'Tweet' })).toBeDisabled();
    // One character fewer: fine again, and it is sent whole.
    await user.type(box, '{Backspace}');
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Tweet can be at most 280 characters')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tweet' }));
    await waitFor(() => expect(fakes.postTweet.calls).toEqual([{ content: 'a'.repeat(280) }]));
  });

  it('counts an emoji as one character, as the server does', async () => {
    const { user } = renderChannel('/Channel/alice/Tweets', own().fakes);
    const box = await screen.findByPlaceholderText('Write your valuable tweets here...');
    await user.click(box);
    await user.paste('🎵🎵🎵');
    expect(box).toHaveAccessibleDescription('3 / 280');
  });

  it('counts in the edit box too, and keeps Save back while the text is too long', async () => {
    const { user } = renderChannel('/Channel/alice/Tweets', own().fakes);
    const first = (await screen.findAllByTestId('tweet'))[0]!;
    await user.click(within(first).getByRole('button', { name: 'Edit' }));
    const edit = within(first).getByRole('textbox', { name: 'Edit tweet' });
    expect(edit).toHaveAccessibleDescription('14 / 280');
    await user.click(edit);
    await user.paste('x'.repeat(270));
    expect(edit).toHaveAccessibleDescription('Tweet can be at most 280 characters 284 / 280');
    expect(within(first).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("deletes after asking: 'Tweet deleted successfully' and the tweet leaves", async () => {
    const { fakes } = own();
    const { user } = renderChannel('/Channel/alice/Tweets', fakes);
    const first = (await screen.findAllByTestId('tweet'))[0]!;
    await user.click(within(first).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tweet deleted successfully')).toBeInTheDocument();
    expect(fakes.deleteTweet.calls).toEqual([{ tweetId: 't1' }]);
    expect(screen.getAllByTestId('tweet')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: '1 Tweet' })).toBeInTheDocument();
  });

  it('the bottom bar’s Tweets (/tweets) opens this tab of one’s own channel', async () => {
    const { path } = renderChannel('/tweets', own().fakes);
    await waitFor(() => expect(path()).toBe('/Channel/alice/Tweets'));
    expect(
      await screen.findByPlaceholderText('Write your valuable tweets here...'),
    ).toBeInTheDocument();
  });
});
