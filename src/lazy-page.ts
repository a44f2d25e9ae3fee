/**
 * React.lazy for a page, plus `preload()`: once the page's module has loaded, the page renders
 * directly instead of through the lazy wrapper. A lazy component suspends on its first render
 * even when its chunk is already in memory (the import's promise settles a microtask later), so
 * its Suspense boundary shows the spinner, and React then holds the page back until 300 ms after
 * that spinner appeared (its fallback throttle). On a cold load that cost ~300 ms of idle main
 * thread between the feed's answer and the first thumbnail request (issue 11). main.tsx preloads
 * the page of the address before React's first render, so that render already holds the page.
 */
import { createElement, lazy, type ComponentType } from 'react';

export interface LazyPage<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Loads the page's module; the same promise for every call. */
  preload(): Promise<unknown>;
}

export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  // `preload` sets `loaded` before the wrapper resolves, so a page that suspended in the wrapper
  // is rendered anew with the module's component: the wrapper never shows, and a shown page
  // never switches component (which would remount it).
  const Lazy = lazy(preload);
  const Page = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Page, { preload });
}
