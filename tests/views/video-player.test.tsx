/**
 * The watch page player's adaptive streaming, with hls.js replaced by a fake (jsdom has no Media
 * Source Extensions): which source the <video> plays, the quality menu, and the fallbacks to the
 * uploaded MP4.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VideoPlayer } from '../../src/features/player/video-player';
import { renderVideoPage } from './videos-helpers';

const MP4 = 'http://media.test/videos/v1.mp4';
const HLS = 'http://media.test/hls/p1/master.m3u8';

/** What the player did to hls.js: the fake below records it and lets a test raise its events. */
const hls = vi.hoisted(() => ({
  supported: true,
  instances: [] as {
    source: string | null;
    media: HTMLMediaElement | null;
    currentLevel: number;
    destroyed: boolean;
    handlers: Map<string, (event: string, data: unknown) => void>;
  }[],
}));

vi.mock('hls.js/light', () => {
  class FakeHls {
    static isSupported = () => hls.supported;
    static Events = { MANIFEST_PARSED: 'hlsManifestParsed', ERROR: 'hlsError' };
    source: string | null = null;
    media: HTMLMediaElement | null = null;
    currentLevel = -1;
    destroyed = false;
    handlers = new Map<string, (event: string, data: unknown) => void>();
    constructor() {
      hls.instances.push(this);
    }
    on(event: string, handler: (event: string, data: unknown) => void) {
      this.handlers.set(event, handler);
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media;
    }
    destroy() {
      this.destroyed = true;
    }
  }
  return { default: FakeHls };
});

const latest = () => hls.instances.at(-1)!;
/** hls.js read the master playlist: levels lowest bitrate first, as hls.js lists them. */
const parseManifest = (heights: number[]) =>
  act(() =>
    latest().handlers.get('hlsManifestParsed')!('hlsManifestParsed', {
      levels: heights.map((height) => ({ height })),
    }),
  );
const videoElement = () => screen.getByLabelText<HTMLVideoElement>('Video: Harbour at dusk');

function renderPlayer(hlsUrl: string | null) {
  return renderVideoPage(
    <VideoPlayer
      src={MP4}
      hlsUrl={hlsUrl}
      poster="http://media.test/t.webp"
      title="Harbour at dusk"
    />,
  );
}

/** jsdom has no Media Source Extensions: each test says whether the browser has them. */
function mediaSource(present: boolean) {
  vi.stubGlobal('MediaSource', present ? { isTypeSupported: () => true } : undefined);
}
/** Whether the browser claims to play HLS itself (Safari, recent Chrome). */
function nativeHls(present: boolean) {
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
    present && type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
  );
}

beforeEach(() => {
  // What the player remembers per browser must not leak from one test to the next.
  localStorage.clear();
  hls.supported = true;
  hls.instances.length = 0;
  mediaSource(true);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('video player with adaptive streaming', () => {
  it('plays the MP4 while no rendition is ready, without loading hls.js', async () => {
    renderPlayer(null);
    const video = videoElement();
    expect(video.getAttribute('src')).toBe(MP4);
    expect(video.getAttribute('poster')).toBe('http://media.test/t.webp');
    // The player's own bar replaces the browser's controls (not both).
    expect(video.controls).toBe(false);
    expect(screen.getByRole('button', { name: 'Play (k)' })).toBeInTheDocument();
    await Promise.resolve();
    expect(hls.instances).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /quality/i })).toBeNull();
  });

  it('hands the master playlist to hls.js and offers Auto, then the renditions highest first', async () => {
    renderPlayer(HLS);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    expect(latest().source).toBe(HLS);
    expect(latest().media).toBe(videoElement());
    expect(videoElement().getAttribute('src')).toBeNull();
    parseManifest([480, 720, 1080]);

    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Quality: Auto' });
    expect(toggle).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(toggle);
    const menu = screen.getByRole('menu', { name: 'Quality' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent?.replace('✓', ''))).toEqual([
      'Auto',
      '1080p',
      '720p',
      '480p',
    ]);
    expect(items[0]).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitemradio', { name: /720p/ }));
    // 720p is hls.js level 1 (levels run lowest first).
    expect(latest().currentLevel).toBe(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Quality: 720p' })).toHaveFocus();
  });

  it('is used from the keyboard: arrows move, Enter chooses, Escape closes', async () => {
    renderPlayer(HLS);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    parseManifest([480, 720]);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Quality: Auto' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitemradio', { name: /Auto/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Quality: Auto' })).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: '480p' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(latest().currentLevel).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Quality: 480p' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Auto' }));
    expect(latest().currentLevel).toBe(-1);
  });

  it('falls back to the MP4 on a fatal hls.js error, keeping poster and controls', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPlayer(HLS);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    parseManifest([480, 720]);
    // A non-fatal error is hls.js's own business.
    act(() => latest().handlers.get('hlsError')!('hlsError', { fatal: false }));
    expect(videoElement().getAttribute('src')).toBeNull();
    act(() =>
      latest().handlers.get('hlsError')!('hlsError', { fatal: true, details: 'manifestLoadError' }),
    );
    expect(latest().destroyed).toBe(true);
    expect(videoElement().getAttribute('src')).toBe(MP4);
    expect(videoElement().controls).toBe(false);
    expect(screen.getByRole('slider', { name: 'Seek' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /quality/i })).toBeNull();
    expect(logged).toHaveBeenCalled();
  });

  /** The element as the viewer left it: `time` seconds in, playing or paused. */
  function watchedTo(element: HTMLVideoElement, time: number, playing: boolean) {
    element.currentTime = time;
    Object.defineProperty(element, 'paused', { value: !playing });
  }
  /** The fresh MP4 element has read its header (jsdom loads nothing by itself). */
  const metadataLoaded = (element: HTMLVideoElement) =>
    fireEvent(element, new Event('loadedmetadata'));

  it.each([
    { state: 'playing', playing: true },
    { state: 'paused', playing: false },
  ])('continues the MP4 from the position HLS stopped at, still $state', async ({ playing }) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    renderPlayer(HLS);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    watchedTo(videoElement(), 42.5, playing);
    act(() =>
      latest().handlers.get('hlsError')!('hlsError', { fatal: true, details: 'fragLoadError' }),
    );
    const mp4 = videoElement();
    expect(mp4.getAttribute('src')).toBe(MP4);
    metadataLoaded(mp4);
    expect(mp4.currentTime).toBe(42.5);
    expect(mp4.autoplay).toBe(playing);
    expect(play.mock.contexts.includes(mp4)).toBe(playing);
  });

  it('plays the MP4 when hls.js finds the Media Source Extensions unusable', async () => {
    hls.supported = false;
    renderPlayer(HLS);
    await waitFor(() => expect(videoElement().getAttribute('src')).toBe(MP4));
    expect(hls.instances).toHaveLength(0);
  });

  it('prefers hls.js where MSE exists, even when the browser claims to play HLS itself', async () => {
    nativeHls(true);
    renderPlayer(HLS);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    expect(videoElement().getAttribute('src')).toBeNull();
  });

  it('plays the MP4 when the browser has neither MSE nor HLS of its own', async () => {
    mediaSource(false);
    nativeHls(false);
    renderPlayer(HLS);
    expect(videoElement().getAttribute('src')).toBe(MP4);
    await Promise.resolve();
    expect(hls.instances).toHaveLength(0);
  });

  it('lets a browser without MSE that plays HLS itself (iPhone) load the playlist, with no menu', async () => {
    mediaSource(false);
    nativeHls(true);
    renderPlayer(HLS);
    expect(videoElement().getAttribute('src')).toBe(HLS);
    await Promise.resolve();
    expect(hls.instances).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /quality/i })).toBeNull();
    // It refuses the playlist after all: the MP4 plays instead, from where it stopped.
    watchedTo(videoElement(), 8, true);
    fireEvent.error(videoElement());
    expect(videoElement().getAttribute('src')).toBe(MP4);
    metadataLoaded(videoElement());
    expect(videoElement().currentTime).toBe(8);
  });
});
