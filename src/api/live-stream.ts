/**
 * The live connection's actors (machines/live-connection.machine.ts): `authorize` is an
 * authenticated call through the one client, so an expired access token is refreshed before
 * the stream is opened (EventSource sends the cookies but cannot refresh them, nor see a 401);
 * `stream` is the browser's EventSource on GET /events, closed by the machine, never left to
 * retry by itself.
 */
import { fromCallback, fromPromise } from 'xstate';
import { API_PREFIX } from '../../contract/limits';
import { LIVE_EVENT } from '../../contract/live-events';
import type { LiveConnectionEvent } from '../../machines/live-connection.machine';
import { fetchUnreadCount } from './unread-count';

export const liveStreamActors = {
  authorize: fromPromise<void>(async ({ signal }) => {
    await fetchUnreadCount(signal);
  }),
  stream: fromCallback<LiveConnectionEvent, { videoId: string | null }>(({ input, sendBack }) => {
    // No EventSource (an old browser, jsdom): not live, and the machine's backoff keeps trying.
    if (typeof EventSource === 'undefined') {
      sendBack({ type: 'DROPPED' });
      return;
    }
    const query = input.videoId ? `?video=${encodeURIComponent(input.videoId)}` : '';
    const source = new EventSource(`${API_PREFIX}/events${query}`, { withCredentials: true });
    source.onopen = () => sendBack({ type: 'OPENED' });
    // Any error: the machine decides when to try again (EventSource would retry at once, or
    // give up for good after an HTTP error).
    source.onerror = () => {
      source.close();
      sendBack({ type: 'DROPPED' });
    };
    for (const name of Object.values(LIVE_EVENT)) {
      source.addEventListener(name, (event: MessageEvent<string>) =>
        sendBack({ type: 'MESSAGE', name, data: event.data }),
      );
    }
    return () => source.close();
  }),
};

export type LiveStreamActors = typeof liveStreamActors;
