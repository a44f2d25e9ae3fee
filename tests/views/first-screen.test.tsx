/**
 * The first screen's requests (src/api/first-screen.ts) over a fake fetch: one session call, the
 * route's data asked for at the same time and handed to the actor that needs it, and a data call
 * that meets a 401 waiting for the session call instead of rotating the refresh token itself.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { FIRST_FEED_ELEMENT_ID, FIRST_SESSION_ELEMENT_ID } from '../../contract/first-screen';
import { firstScreenSession, startFirstScreen } from '../../src/api/first-screen';
import { currentSession } from '../../src/api/users';
import { fetchVideo, fetchVideoPage } from '../../src/api/video-actors';
import { alice } from './app-helpers';

type Answer = { status: number; data: unknown };

let calls: string[] = [];

/** A fake fetch: `answer` gives each call's status and data, possibly later. */
function serve(answer: (call: string) => Answer | Promise<Answer>) {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = `${init.method} ${url}`;
    calls.push(call);
    const { status, data } = await answer(call);
    return new Response(
      JSON.stringify({ statusCode: status, data, message: '', success: status < 400 }),
      {
        status,
        headers: { 'Content-Type': 'application/json' },
      },
    );
  });
}

const SESSION = 'POST /api/v1/users/session';
const FEED = 'GET /api/v1/videos?page=1&limit=12';
const VIDEO = 'GET /api/v1/videos/v1?source=shared';
const page = { videos: [], totalVideos: 0, page: 1, limit: 12, totalPages: 0 };

const run = <T,>(logic: Parameters<typeof createActor>[0], input: unknown) =>
  toPromise(createActor(logic, { input } as never).start()) as Promise<T>;

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(FIRST_FEED_ELEMENT_ID)?.remove();
  document.getElementById(FIRST_SESSION_ELEMENT_ID)?.remove();
});

/** A data block as the server's HTML carries it (server/pages/first-screen-html.ts, page-session.ts). */
function embed(id: string, text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = id;
  element.textContent = text;
  document.head.append(element);
}
const embedFeed = (text: string) => embed(FIRST_FEED_ELEMENT_ID, text);
const embedSession = (text: string) => embed(FIRST_SESSION_ELEMENT_ID, text);

describe('first screen', () => {
  it('asks the session once and the feed at once on /, and hands both out', async () => {
    serve((call) =>
      call === SESSION ? { status: 200, data: { user: null } } : { status: 200, data: page },
    );
    startFirstScreen('/');
    // Both requests are out before any page has rendered.
    expect(calls).toEqual([SESSION, FEED]);
    expect(await currentSession()).toBeNull();
    await run(fetchVideoPage, { page: 1, limit: 12, params: {} });
    expect(calls).toEqual([SESSION, FEED]);
    // Handed out once: a later load of the feed asks the server again.
    await run(fetchVideoPage, { page: 1, limit: 12, params: {} });
    expect(calls).toEqual([SESSION, FEED, FEED]);
  });

  it("on /, takes the feed's first page from the HTML and asks only the session", async () => {
    serve(() => ({ status: 200, data: { user: null } }));
    const embedded = { ...page, totalVideos: 1, videos: [{ _id: 'v1', title: '\u003c/script>' }] };
    embedFeed(JSON.stringify({ statusCode: 200, data: embedded, success: true }));
    startFirstScreen('/');
    expect(calls).toEqual([SESSION]);
    expect(await run(fetchVideoPage, { page: 1, limit: 12, params: {} })).toEqual({
      items: [{ _id: 'v1', title: '</script>' }],
      total: 1,
    });
    expect(calls).toEqual([SESSION]);
    // Read once: the element is gone, and a later load asks the server.
    expect(document.getElementById(FIRST_FEED_ELEMENT_ID)).toBeNull();
  });

  it('on /, asks the API when the HTML carries an unreadable feed', async () => {
    serve((call) =>
      call === SESSION ? { status: 200, data: { user: null } } : { status: 200, data: page },
    );
    embedFeed('{"data": [');
    startFirstScreen('/');
    expect(calls).toEqual([SESSION, FEED]);
  });

  it('does not hand the feed to another list', async () => {
    serve((call) =>
      call === SESSION ? { status: 200, data: { user: null } } : { status: 200, data: page },
    );
    startFirstScreen('/');
    await run(fetchVideoPage, { page: 1, limit: 12, params: { query: 'cats' } });
    expect(calls).toEqual([SESSION, FEED, 'GET /api/v1/videos?page=1&limit=12&query=cats']);
  });

  it('on /watch, a 401 while the session refreshes waits for it and then retries once', async () => {
    let resumed: (a: Answer) => void = () => undefined;
    let videoCalls = 0;
    serve((call) => {
      if (call === SESSION) return new Promise<Answer>((r) => (resumed = r));
      videoCalls += 1;
      return videoCalls === 1 ? { status: 401, data: null } : { status: 200, data: { _id: 'v1' } };
    });
    startFirstScreen('/watch/v1');
    const video = run<{ _id: string }>(fetchVideo, { videoId: 'v1' });
    await new Promise((r) => setTimeout(r, 0));
    // The video's 401 came back; no refresh-token call of its own, no retry yet.
    expect(calls).toEqual([SESSION, VIDEO]);
    resumed({ status: 200, data: { user: alice } });
    expect((await video)._id).toBe('v1');
    expect(calls).toEqual([SESSION, VIDEO, VIDEO]);
    expect(await currentSession()).toEqual(alice);
  });

  it("on /watch, a visitor's early 401 is asked again by the page shown after signing in", async () => {
    let signedIn = false;
    serve((call) => {
      if (call === SESSION) return { status: 200, data: { user: null } };
      return signedIn ? { status: 200, data: { _id: 'v1' } } : { status: 401, data: null };
    });
    startFirstScreen('/watch/v1');
    await currentSession();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual([SESSION, VIDEO]);
    // The guard's popup signs the visitor in; only then does the watch page take the video.
    signedIn = true;
    expect((await run<{ _id: string }>(fetchVideo, { videoId: 'v1' }))._id).toBe('v1');
    expect(calls).toEqual([SESSION, VIDEO, VIDEO]);
  });

  describe('the session in the HTML (issue 35)', () => {
    it('takes the signed-in user from the HTML and asks no session on /', async () => {
      serve(() => ({ status: 200, data: page }));
      // As the server escapes it: `<` as \u003c inside the JSON text.
      embedSession(JSON.stringify({ user: { ...alice, fullName: '\u003c/script>' } }));
      embedFeed(JSON.stringify({ statusCode: 200, data: page, success: true }));
      startFirstScreen('/');
      expect(calls).toEqual([]);
      expect(firstScreenSession()).toEqual({ user: { ...alice, fullName: '</script>' } });
      expect(document.getElementById(FIRST_SESSION_ELEMENT_ID)).toBeNull();
    });

    it("takes a visitor's 'nobody' from the HTML and asks nothing on /watch", () => {
      serve(() => ({ status: 401, data: null }));
      embedSession('{"user":null}');
      startFirstScreen('/watch/v1');
      // Neither the session nor the video, which would only be refused to a visitor.
      expect(calls).toEqual([]);
      expect(firstScreenSession()).toEqual({ user: null });
    });

    it('asks the session as before when the HTML says the access token lapsed, or is unreadable', async () => {
      for (const text of ['{"user":null,"resume":true}', '{"user":']) {
        serve(() => ({ status: 200, data: { user: alice } }));
        embedSession(text);
        startFirstScreen('/History');
        expect(calls).toEqual([SESSION]);
        expect(firstScreenSession()).toBeUndefined();
        expect(await currentSession()).toEqual(alice);
      }
    });
  });
});
