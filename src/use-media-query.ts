import { useSyncExternalStore } from 'react';

/** Whether `query` (a CSS media query without '@media') matches now; follows resizes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = mediaList(query);
      list?.addEventListener('change', listener);
      return () => list?.removeEventListener('change', listener);
    },
    () => mediaList(query)?.matches ?? false,
    () => false,
  );
}

/** Null where the environment has no matchMedia (jsdom in view tests): the desktop layout. */
function mediaList(query: string): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}
