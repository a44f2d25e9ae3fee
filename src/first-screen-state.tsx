/**
 * The state a server-rendered first screen was rendered from (issue 35), for the components that
 * must render it the same way in the browser, so that hydration finds the server's HTML:
 * - the page's remembered actors start from the server's snapshots (useRememberedActor asks
 *   `useOfferedSnapshot`), once: a later visit to the same page starts afresh;
 * - relative dates ("3 minutes ago") are computed at the server's clock while hydrating.
 * On the server (src/app/server-render.tsx) and in the browser (main.tsx) the same value is given
 * to `<App firstScreen>`; without one (a page the server did not render, the view tests) nothing
 * changes.
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { Snapshot } from 'xstate';
import type { FirstScreenState } from '../contract/first-screen';

const FirstScreenContext = createContext<FirstScreenState | undefined>(undefined);

export function FirstScreenProvider({
  state,
  children,
}: {
  state: FirstScreenState | undefined;
  children: ReactNode;
}) {
  return <FirstScreenContext.Provider value={state}>{children}</FirstScreenContext.Provider>;
}

/**
 * The server's snapshot for `slot`, until the first commit of the component that asked: it is
 * then handed back, so the next mount of the slot (a later visit) does not start from it.
 */
export function useOfferedSnapshot(slot: string): Snapshot<unknown> | undefined {
  const state = useContext(FirstScreenContext);
  const offered = state?.snapshots[slot] as Snapshot<unknown> | undefined;
  useEffect(() => {
    if (state && offered) delete state.snapshots[slot];
  }, [state, offered, slot]);
  return offered;
}

/** The server's clock at rendering, while a server-rendered screen hydrates; else undefined. */
export function useRenderedAt(): number | undefined {
  return useContext(FirstScreenContext)?.renderedAt;
}
