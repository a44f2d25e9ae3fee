import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates what it rendered; true in every
 * render after that, and from the first render of anything mounted in the browser later. A part
 * the server cannot render as the browser will (the player, which picks its source by what the
 * browser supports) shows a stand-in until then, and hydration finds the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
