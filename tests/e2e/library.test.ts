/**
 * Issue 8's journey in Chromium on a fresh DATA_DIR with the demo content, as the demo user
 * mira.kitchen (24 history entries): she opens a demo channel and goes through its four tabs,
 * subscribes there (count +1) and finds the channel on Subscriptions, unsubscribes there; posts,
 * edits, likes and deletes a tweet on her own channel; opens a playlist from the PlayList tab and
 * plays a video from it; pages through History, removes one entry and clears the rest.
 * Screenshots of every new screen at 1280×800 and 390×844, each after a layout check
 * (layout.ts). Each test starts from its own page and needs only the demo content, so any one of
 * them runs alone; the subscription test leaves the channel unsubscribed, as it found it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_CHANNELS } from '../../server/seed/demo-data.js';
import { pageApi } from './accounts-api.js';
import { startDemoJourney, type DemoJourney } from './demo-journey.js';
import {
  hasBrowser,
  phonePageOf,
  screenshot,
  type BrowserSession,
  type RunningServer,
} from './harness.js';
import type { KeyElements } from './layout.js';

const MIRA = DEMO_CHANNELS[0]!;
const TABS = ['Videos', 'PlayList', 'Tweets', 'Subscribers'] as const;

interface ChannelJson {
  _id: string;
  userName: string;
  fullName: string;
  subscriberCount: number;
  isSubscribed: boolean;
}

describe.skipIf(!hasBrowser)('channels and library journey', () => {
  let journey: DemoJourney | undefined;
  let server: RunningServer;
  let browser: BrowserSession;
  let page: Page;
  /** A demo channel Mira does not subscribe to yet. */
  let other: ChannelJson;

  beforeAll(async () => {
    journey = await startDemoJourney(MIRA);
    ({ server, browser, page } = journey);
    await page.goto(server.url);
    for (const channel of DEMO_CHANNELS.slice(1)) {
      const found = await api<ChannelJson>(`/users/channel/${channel.userName}`);
      if (!found.isSubscribed) {
        other = found;
        break;
      }
    }
    expect(other).toBeDefined();
  });

  afterAll(() => journey?.close());

  const api = <T>(path: string) => pageApi<T>(page, path);

  /** The top bar, which must stay clear of the page's own elements. */
  const topBar = (p: Page): KeyElements => ({ 'top bar': p.getByRole('banner') });

  /**
   * The same screen at phone width, in a context that shares the session's cookies; `keyElements`
   * names what must be on screen and apart (with the top bar).
   */
  async function phoneShot(
    path: string,
    name: string,
    ready: (p: Page) => Promise<unknown>,
    keyElements: (p: Page) => KeyElements,
  ) {
    const { context, page: phone } = await phonePageOf(browser, page.context());
    await phone.goto(`${server.url}${path}`);
    await ready(phone);
    await screenshot(phone, name, { ...topBar(phone), ...keyElements(phone) });
    await context.close();
  }

  it('goes through the four tabs of a demo channel', async () => {
    await page.goto(`${server.url}/Channel/${other.userName}`);
    await page.getByRole('heading', { name: other.fullName }).waitFor();
    for (const tab of TABS) {
      await page.getByRole('link', { name: tab, exact: true }).click();
      const segment = tab === 'Subscribers' ? 'Subscribed' : tab;
      await page.waitForURL(new RegExp(`/Channel/${other.userName}/${segment}$`, 'i'));
      const panel = page.getByRole('main');
      if (tab === 'Videos') await panel.getByRole('link').first().waitFor();
      if (tab === 'PlayList')
        await panel
          .getByText(/\d+ Videos?|No videos/)
          .first()
          .waitFor();
      if (tab === 'Tweets') await panel.getByTestId('tweet').first().waitFor();
      if (tab === 'Subscribers') await panel.getByTestId('subscriber-row').first().waitFor();
      const channelHeader = (p: Page): KeyElements => ({
        'channel name': p.getByRole('heading', { name: other.fullName }),
        'tab link': p
          .getByRole('navigation', { name: 'Channel sections' })
          .getByRole('link', { name: tab, exact: true }),
      });
      await screenshot(page, `library-channel-${tab.toLowerCase()}-desktop`, {
        ...topBar(page),
        ...channelHeader(page),
      });
      await phoneShot(
        `/Channel/${other.userName}/${segment}`,
        `library-channel-${tab.toLowerCase()}-mobile`,
        (p) => p.getByRole('heading', { name: other.fullName }).waitFor(),
        channelHeader,
      );
    }
  });

  it('subscribes on the channel page and unsubscribes on Subscriptions', async () => {
    await page.goto(`${server.url}/Channel/${other.userName}`);
    const count = page.getByTestId('subscriber-count');
    await expect(count.textContent()).resolves.toContain(String(other.subscriberCount));
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.getByRole('button', { name: 'Subscribed', exact: true }).waitFor();
    await expect.poll(() => count.textContent()).toContain(String(other.subscriberCount + 1));

    await page.goto(`${server.url}/Subscriptions`);
    await page.getByRole('heading', { name: 'Your Subscriptions' }).waitFor();
    const row = page.getByLabel(other.fullName, { exact: true });
    await row.waitFor();
    const subscriptions = (p: Page): KeyElements => ({
      heading: p.getByRole('heading', { name: 'Your Subscriptions' }),
      'unsubscribe button': p
        .getByLabel(other.fullName, { exact: true })
        .getByRole('button', { name: 'Unsubscribe' }),
    });
    await screenshot(page, 'library-subscriptions-desktop', {
      ...topBar(page),
      ...subscriptions(page),
    });
    await phoneShot(
      '/Subscriptions',
      'library-subscriptions-mobile',
      (p) => p.getByLabel(other.fullName, { exact: true }).waitFor(),
      subscriptions,
    );
    await row.getByRole('button', { name: 'Unsubscribe' }).click();
    await row.waitFor({ state: 'detached' });
    const after = await api<ChannelJson>(`/users/channel/${other.userName}`);
    expect(after).toMatchObject({ isSubscribed: false, subscriberCount: other.subscriberCount });
  });

  it('posts, edits, likes and deletes a tweet on her own channel', async () => {
    const text = `Fresh basil from the balcony ${Date.now()}`;
    await page.goto(`${server.url}/Channel/${MIRA.userName}/Tweets`);
    await page.getByLabel('New tweet').fill(text);
    await page.getByRole('button', { name: 'Tweet', exact: true }).click();
    const tweet = page.getByTestId('tweet').filter({ hasText: text });
    await tweet.waitFor();
    await expect(page.getByLabel('New tweet').inputValue()).resolves.toBe('');

    await tweet.getByRole('button', { name: 'Edit' }).click();
    const edited = `${text} (edited)`;
    await page.getByLabel('Edit tweet').fill(edited);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Tweet updated successfully').waitFor();
    const editedTweet = page.getByTestId('tweet').filter({ hasText: edited });
    await editedTweet.waitFor();

    await editedTweet.getByRole('button', { name: /^Like, 0 likes/ }).click();
    await editedTweet.getByRole('button', { name: /^Like, 1 like$/ }).waitFor();
    await editedTweet.scrollIntoViewIfNeeded();
    await screenshot(page, 'library-own-tweets-desktop', {
      ...topBar(page),
      'edited tweet': editedTweet,
    });

    await editedTweet.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Tweet deleted successfully').waitFor();
    await editedTweet.waitFor({ state: 'detached' });
  });

  it('opens a playlist from the PlayList tab and plays a video from it', async () => {
    await page.goto(`${server.url}/Channel/${other.userName}/PlayList`);
    const card = page
      .getByRole('link')
      .filter({ hasText: /\d+ Videos?/ })
      .first();
    await card.click();
    await page.waitForURL(/\/Playlist\/[\w-]+$/);
    await page.getByRole('complementary', { name: 'Playlist details' }).waitFor();
    const playlist = (p: Page): KeyElements => ({
      'playlist details': p.getByRole('complementary', { name: 'Playlist details' }),
    });
    await screenshot(page, 'library-playlist-desktop', { ...topBar(page), ...playlist(page) });
    const playlistPath = new URL(page.url()).pathname;
    await phoneShot(
      playlistPath,
      'library-playlist-mobile',
      (p) => p.getByRole('complementary', { name: 'Playlist details' }).waitFor(),
      (p) => ({
        'playlist name': p
          .getByRole('complementary', { name: 'Playlist details' })
          .getByRole('heading')
          .first(),
      }),
    );

    await page.locator('main a[href^="/watch/"]').first().click();
    await page.waitForURL(/\/watch\/[\w-]+$/);
    const video = page.locator('video');
    await video.waitFor();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0.2);
  });

  it('pages through History, removes one entry and clears the rest', async () => {
    await page.goto(`${server.url}/History`);
    await page.getByRole('heading', { name: 'Your Watch History' }).waitFor();
    await page.getByText(/Page 1 of \d+/).waitFor();
    const history = (p: Page): KeyElements => ({
      heading: p.getByRole('heading', { name: 'Your Watch History' }),
      'first entry': p
        .getByRole('list', { name: 'Your Watch History' })
        .locator('[aria-label]')
        .first(),
    });
    await screenshot(page, 'library-history-desktop', {
      ...topBar(page),
      ...history(page),
      'clear button': page.getByRole('button', { name: 'Clear all history' }),
    });
    await phoneShot(
      '/History',
      'library-history-mobile',
      (p) => p.getByText(/Page 1 of \d+/).waitFor(),
      history,
    );
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/Page 2 of \d+/).waitFor();
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText(/Page 1 of \d+/).waitFor();

    const before = await api<{ totalHistory: number }>('/users/history');
    const first = page
      .getByRole('list', { name: 'Your Watch History' })
      .locator('[aria-label]')
      .first();
    const title = (await first.getAttribute('aria-label')) ?? '';
    await page.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Remove from history' }).click();
    await page.getByText('Video removed from watch history').waitFor();
    await expect
      .poll(async () => (await api<{ totalHistory: number }>('/users/history')).totalHistory)
      .toBe(before.totalHistory - 1);

    await page.getByRole('button', { name: 'Clear all history' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear history' }).click();
    await page.getByText('Watch history cleared').waitFor();
    await page.getByText('No watch history found').waitFor();
    await page.getByRole('link', { name: 'Explore Videos' }).waitFor();
    await expect(page.getByRole('button', { name: 'Clear all history' }).count()).resolves.toBe(0);
    await screenshot(page, 'library-history-empty-desktop', {
      ...topBar(page),
      'empty text': page.getByText('No watch history found'),
      'explore link': page.getByRole('link', { name: 'Explore Videos' }),
    });
  });
});
