import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Channel } from '../../contract/users.js';
import {
  channelMachine,
  selectActiveTab,
  selectChannel,
  selectHasFailed,
  tabFromPath,
} from '../../machines/channel.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { settle } from './video-fixtures.js';
import { aChannel, model } from './channel.model.js';

describeModel(model);

function open(tab: string | undefined, answer: () => Promise<Channel>) {
  let asked = 0;
  const fetchChannel = fromPromise<Channel, { userName: string }>(() => {
    asked++;
    return answer();
  });
  const actor = createActor(channelMachine.provide({ actors: { fetchChannel } }), {
    input: { userName: 'olive', tab },
  }).start();
  return { actor, asked: () => asked };
}

describe('channel page', () => {
  it('opens on Videos when the URL names no tab, and follows the URL afterwards', async () => {
    const { actor } = open(undefined, async () => aChannel);
    expect(selectActiveTab(actor.getSnapshot())).toBe('Videos');
    await settle();
    actor.send({ type: 'SELECT_TAB', tab: 'subscribed' });
    expect(selectActiveTab(actor.getSnapshot())).toBe('Subscribed');
    expect(selectChannel(actor.getSnapshot())).toEqual(aChannel);
  });

  it('a subscribe toggle reloads the channel and shows its new count', async () => {
    let count = 3;
    const { actor, asked } = open('Videos', async () => ({ ...aChannel, subscriberCount: count }));
    await settle();
    count = 4;
    actor.send({ type: 'RELOAD' });
    await settle();
    expect(asked()).toBe(2);
    expect(selectChannel(actor.getSnapshot())?.subscriberCount).toBe(4);
  });

  it('a channel that cannot be loaded is a failure, whatever the tab', async () => {
    const { actor } = open('Tweets', () => Promise.reject(new Error('User not found')));
    await settle();
    expect(selectHasFailed(actor.getSnapshot())).toBe(true);
    expect(selectActiveTab(actor.getSnapshot())).toBe('Tweets');
  });

  it('reads tab segments case-insensitively, as the routes match', () => {
    expect(tabFromPath('playlist')).toBe('PlayList');
    expect(tabFromPath('TWEETS')).toBe('Tweets');
    expect(tabFromPath('')).toBe('Videos');
    expect(tabFromPath(null)).toBe('Videos');
  });
});
