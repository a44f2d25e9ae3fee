import { expect } from 'vitest';
import type { EmbedVideo } from '../../contract/embed.js';
import {
  EMBED_MESSAGES,
  embedMachine,
  selectEmbedMessage,
  selectEmbedVideo,
  type EmbedSnapshot,
} from '../../machines/embed.machine.js';
import type { Model } from '../support/model.js';

const video: EmbedVideo = {
  _id: 'AAAAAAAAAAAAAAAA',
  title: 'Framed',
  thumbnail: '/media/thumbnails/a.webp',
  videoFile: '/media/videos/a.mp4',
  hlsUrl: null,
  duration: 12,
  channelName: 'Channel',
  captions: [],
};

export const model: Model<typeof embedMachine> = {
  name: 'embed page',
  machine: embedMachine,
  input: { videoId: video._id },
  meaning: {
    loading: 'the video is being read (no session needed)',
    ready: 'the player plays the video',
    unavailable: '"Video unavailable" (missing, private or scheduled), nothing else',
    failed: '"Could not load the video." and Retry',
  },
  promiseActors: ['fetchEmbed'],
  events: {
    'xstate.done.actor.fetchEmbed': [{ type: 'xstate.done.actor.fetchEmbed', output: video }],
    'xstate.error.actor.fetchEmbed': [
      {
        type: 'xstate.error.actor.fetchEmbed',
        error: Object.assign(new Error(''), { status: 404 }),
      },
      { type: 'xstate.error.actor.fetchEmbed', error: new Error('Network Error') },
    ],
  },
  assert: (snapshot, fakes) => {
    const s = snapshot as EmbedSnapshot;
    if (s.matches('loading')) expect(fakes.lastInput('fetchEmbed')).toEqual({ videoId: video._id });
    expect(selectEmbedVideo(s)).toEqual(s.matches('ready') ? video : null);
    const message = { unavailable: EMBED_MESSAGES.unavailable, failed: EMBED_MESSAGES.failed };
    expect(selectEmbedMessage(s)).toBe(message[s.value as keyof typeof message] ?? null);
  },
};
