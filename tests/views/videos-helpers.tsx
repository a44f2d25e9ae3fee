/**
 * Shared by the video screens' view tests (home, search, watch, upload): renders a page inside the
 * real app providers with an in-memory location, a fake session user and controllable fake
 * actors, plus a fake IntersectionObserver whose markers the test makes "visible".
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { Comment, User, VideoItem } from '../../contract/shapes';
import type { VideoDetail } from '../../contract/videos';
import { AppProviders } from '../../src/app/app';
import type { AppActors } from '../../src/actors';
import { commentFixture, commentOwner } from '../machines/comment-fixtures';

/** A promise actor whose every run waits until the test settles it. */
export function deferred<I, O>() {
  const calls: I[] = [];
  const pending: Array<{ resolve: (v: O) => void; reject: (e: unknown) => void }> = [];
  const logic = fromPromise<O, I>(
    ({ input }) =>
      new Promise<O>((resolve, reject) => {
        calls.push(input);
        pending.push({ resolve, reject });
      }),
  );
  return {
    logic,
    calls,
    get waiting() {
      return pending.length;
    },
    resolve(output: O) {
      const p = pending.shift();
      if (!p) throw new Error('no pending call to resolve');
      p.resolve(output);
    },
    reject(error: unknown) {
      const p = pending.shift();
      if (!p) throw new Error('no pending call to reject');
      p.reject(error);
    },
  };
}

export const DAY = 86_400_000;

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u-viewer',
    userName: 'viewer',
    fullName: 'Vera Viewer',
    email: 'vera@example.com',
    avatar: '/media/avatars/vera.webp',
    coverImage: '/media/covers/vera.webp',
    description: '',
    tags: [],
    createdAt: new Date(Date.now() - 400 * DAY).toISOString(),
    emailConfirmed: true,
    pendingEmail: null,
    ...overrides,
  };
}

export function makeVideo(n: number, overrides: Partial<VideoItem> = {}): VideoItem {
  return {
    _id: `v${n}`,
    title: `Video number ${n}`,
    description: `About video ${n}`,
    thumbnail: `/media/thumbnails/v${n}.webp`,
    videoFile: `/media/videos/v${n}.mp4`,
    duration: 65,
    views: 1549,
    isPublished: true,
    tags: ['music'],
    createdAt: new Date(Date.now() - 3 * DAY).toISOString(),
    owner: {
      _id: 'u-owner',
      userName: 'olive',
      fullName: 'Olive Owner',
      avatar: '/media/avatars/olive.webp',
    },
    ...overrides,
  };
}

/** The watch page's video: "Sunset timelapse", ready, never watched, its owner not followed. */
export function makeVideoDetail(overrides: Partial<VideoDetail> = {}): VideoDetail {
  const base = makeVideo(1, { title: 'Sunset timelapse', views: 12_345 });
  return {
    ...base,
    owner: { ...base.owner, subscriberCount: 3, isSubscribed: false },
    processing: { state: 'ready', progress: 1, error: null, renditions: [], hlsUrl: null },
    progressSeconds: null,
    ...overrides,
  };
}

export const videos = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => makeVideo(from + i));

export function makeComment(n: number, overrides: Partial<Comment> = {}): Comment {
  const at = new Date(Date.now() - n * 3600_000).toISOString();
  return commentFixture(`c${n}`, {
    content: `Comment ${n}`,
    createdAt: at,
    updatedAt: at,
    owner: commentOwner(n),
    ...overrides,
  });
}

/** IntersectionObserver stand-in: `showMarkers()` reports every observed element as visible. */
export class FakeIntersectionObserver {
  static instances = new Set<FakeIntersectionObserver>();
  private elements = new Set<Element>();
  constructor(private callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.add(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
    FakeIntersectionObserver.instances.delete(this);
  }
  takeRecords() {
    return [];
  }
  static showMarkers() {
    for (const observer of [...this.instances]) {
      const entries = [...observer.elements].map(
        (target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as never,
      );
      if (entries.length) observer.callback(entries, observer as never);
    }
  }
}

export function installIntersectionObserver() {
  FakeIntersectionObserver.instances.clear();
  globalThis.IntersectionObserver = FakeIntersectionObserver as never;
}

export interface RenderOptions {
  path?: string;
  /** The signed-in user; null renders signed out. */
  user?: User | null;
  actors?: Partial<AppActors>;
}

export function renderVideoPage(ui: ReactElement, options: RenderOptions = {}) {
  const { path = '/', user = makeUser(), actors = {} } = options;
  const location = memoryLocation({ path, record: true });
  const resumeSession = fromPromise<User | null, void>(async () => user);
  const hook = Object.assign(location.hook, { searchHook: location.searchHook });
  const result = render(
    <AppProviders actors={{ ...actors, resumeSession }} location={hook}>
      {ui}
    </AppProviders>,
  );
  return { ...result, location };
}
