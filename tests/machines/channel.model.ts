import { expect } from 'vitest';
import type { Channel } from '../../contract/users.js';
import {
  channelMachine,
  selectActiveTab,
  selectChannel,
  selectHasFailed,
  selectIsLoading,
  selectIsOwnChannel,
  type ChannelSnapshot,
} from '../../machines/channel.machine.js';
import type { Model } from '../support/model.js';

const userName = 'olive';

export const aChannel: Channel = {
  _id: 'u_olive',
  userName,
  fullName: 'Olive Owner',
  avatar: '/media/avatars/olive.webp',
  coverImage: '/media/covers/olive.webp',
  description: 'Cooking at home',
  subscriberCount: 3,
  channelsSubscribedToCount: 1,
  isSubscribed: false,
};
/** The same channel after the viewer subscribed (what RELOAD brings back). */
export const reloadedChannel: Channel = { ...aChannel, subscriberCount: 4, isSubscribed: true };

export const model: Model<typeof channelMachine> = {
  name: 'channel page',
  machine: channelMachine,
  meaning: {
    loading: 'the channel is asked for by its userName; the page shows a spinner',
    loaded: 'cover, avatar, names, subscriber count and the tab from the URL are shown',
    'loaded.idle': 'the channel is on screen and nothing is pending',
    'loaded.reloading': 'after a subscribe toggle the channel is fetched again, still on screen',
    failed: "the page says 'Unable to get this user'",
  },
  input: { userName, tab: 'tweets' },
  promiseActors: ['fetchChannel'],
  events: {
    'xstate.done.actor.fetchChannel': [
      { type: 'xstate.done.actor.fetchChannel', output: aChannel },
    ],
    'xstate.error.actor.fetchChannel': [
      { type: 'xstate.error.actor.fetchChannel', error: new Error('User not found') },
    ],
    'xstate.done.actor.refetchChannel': [
      { type: 'xstate.done.actor.refetchChannel', output: reloadedChannel },
    ],
    'xstate.error.actor.refetchChannel': [
      { type: 'xstate.error.actor.refetchChannel', error: new Error('Network down') },
    ],
    // A known tab in another case, and an unknown one (falls back to Videos).
    SELECT_TAB: [
      { type: 'SELECT_TAB', tab: 'PlayList' },
      { type: 'SELECT_TAB', tab: 'nonsense' },
    ],
  },
  assert: (snapshot, fakes, step) => {
    const s = snapshot as ChannelSnapshot;
    // Every request asks for this channel, by its userName.
    for (const call of fakes.calls) expect(call.input).toEqual({ userName });
    expect(selectIsLoading(s)).toBe(s.matches('loading'));
    expect(selectHasFailed(s)).toBe(s.matches('failed'));

    // The URL's tab decides: the input's 'tweets' (any case), then the last SELECT_TAB.
    if (step.event.type === 'SELECT_TAB') {
      expect(selectActiveTab(s)).toBe(step.event.tab === 'PlayList' ? 'PlayList' : 'Videos');
    } else if (step.previous) {
      expect(selectActiveTab(s)).toBe(selectActiveTab(step.previous as ChannelSnapshot));
    } else {
      expect(selectActiveTab(s)).toBe('Tweets');
    }

    if (s.matches('loading') || s.matches('failed')) {
      expect(selectChannel(s)).toBeNull();
      expect(selectIsOwnChannel(s, aChannel._id)).toBe(false);
    }
    if (s.matches('failed')) expect(s.context.error).toBe('User not found');
    // Only the first load's failure is announced (the view toasts 'Failed to get channel').
    expect(step.emitted).toEqual(
      step.event.type === 'xstate.error.actor.fetchChannel' ? [{ type: 'loadFailed' }] : [],
    );
    if (s.matches('loaded')) {
      // The first answer, or the reload's once one succeeded; a failed reload keeps what was shown.
      const reloaded = step.event.type === 'xstate.done.actor.refetchChannel';
      const shown = selectChannel(s);
      if (reloaded) expect(shown).toEqual(reloadedChannel);
      else expect([aChannel, reloadedChannel]).toContainEqual(shown);
      expect(selectIsOwnChannel(s, aChannel._id)).toBe(true);
      expect(selectIsOwnChannel(s, 'u_someone_else')).toBe(false);
      expect(selectIsOwnChannel(s, null)).toBe(false);
    }
    if (s.matches({ loaded: 'reloading' })) {
      // The channel stays on screen while it refreshes.
      expect(selectChannel(s)).not.toBeNull();
      expect(fakes.callsOf('fetchChannel').length).toBeGreaterThanOrEqual(2);
    }
  },
};
