/**
 * A judged set of queries over the demo catalogue (server/seed/demo-data.ts, what `npm start`
 * seeds): an exact title finds that video first; a channel's name finds that channel first; a typo
 * of a title word finds that video in the top 3; a query of two words lists the videos holding
 * both first. The catalogue's rows are inserted as the seed writes them, without media.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHANNELS, DEMO_VIDEOS } from '../../server/seed/demo-data.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertVideo } from './video-helpers.js';

interface Found {
  title: string;
  description: string;
  tags: string[];
}

describe('judged search set over the demo catalogue', () => {
  let t: TestApp;
  const published = DEMO_VIDEOS.filter((video) => video.published !== false);

  beforeAll(async () => {
    t = await createTestApp();
    const channels: TestUser[] = [];
    for (const channel of DEMO_CHANNELS) {
      channels.push(await createUser(t, channel.userName, channel.fullName));
    }
    const hour = 60 * 60 * 1000;
    for (const [i, video] of DEMO_VIDEOS.entries()) {
      await insertVideo(t, channels[video.owner]!, {
        title: video.title,
        description: video.description,
        tags: video.tags,
        isPublished: video.published !== false,
        // Views and ages spread as a real catalogue's: relevance must beat them.
        views: (i * 7919) % 5000,
        createdAt: new Date(Date.now() - ((i * 37) % 400) * hour),
      });
    }
  });
  afterAll(() => t.close());

  async function search(query: string): Promise<Found[]> {
    const res = await t.app.inject({ url: `/api/v1/videos?query=${encodeURIComponent(query)}` });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { videos: Found[] } }>().data.videos;
  }

  it('finds each published video first by its exact title', async () => {
    for (const video of published) {
      const [first] = await search(video.title);
      expect(first?.title, video.title).toBe(video.title);
    }
  });

  it('finds each channel first by its user name and by its full name', async () => {
    for (const channel of DEMO_CHANNELS) {
      for (const name of [channel.userName, channel.fullName, channel.fullName.toLowerCase()]) {
        const res = await t.app.inject({
          url: `/api/v1/search/channels?query=${encodeURIComponent(name)}`,
        });
        const { channels } = res.json<{ data: { channels: { userName: string }[] } }>().data;
        expect(channels[0]?.userName, name).toBe(channel.userName);
      }
    }
  });

  it('finds the video in the top 3 when a word of its title is mistyped', async () => {
    const judged: [string, string][] = [
      ['bred', 'No-Knead Bread: The Only Recipe You Need'],
      ['chickpae curry', '15-Minute Chickpea Curry for Busy Weeknights'],
      ['kyotto', 'Three Days in Kyoto on a Budget'],
      ['capacitr', 'Fixing a Dead Game Boy: Capacitor Swap'],
      ['crystals kitchn', 'Growing Crystals in Your Kitchen'],
      ['speedruning', 'Speedrunning a 1990s Platformer: Any% in Under 20 Minutes'],
      ['tyepscript generics', 'TypeScript Generics Explained in 8 Minutes'],
      ['birdsnog', 'Birdsong at Dawn: Identifying 8 Common Birds'],
    ];
    for (const [query, title] of judged) {
      const top = (await search(query)).slice(0, 3).map((v) => v.title);
      expect(top, query).toContain(title);
    }
  });

  it('lists the videos holding both words of a two-word query first', async () => {
    const queries: [string, RegExp, RegExp][] = [
      ['bread recipe', /bread/i, /recipe/i],
      ['train travel', /train/i, /travel/i],
      ['game music', /\bgames?\b/i, /music/i],
      ['morning routine', /morning/i, /routine/i],
      ['indie games', /indie/i, /\bgames?\b/i],
    ];
    for (const [query, first, second] of queries) {
      const found = await search(query);
      const both = found.map((v) => {
        const text = `${v.title} ${v.tags.join(' ')} ${v.description}`;
        return first.test(text) && second.test(text);
      });
      expect(both[0], query).toBe(true);
      // No video with one word above one with both.
      expect(both, query).toEqual([...both].sort((a, b) => Number(b) - Number(a)));
    }
  });
});
