/**
 * Back keeps your place (issue 29). A list page (the feed, search results, a channel and its tabs,
 * History, a playlist) creates its actor with `useRememberedActor` instead of `useActorRef`. When
 * it leaves a history entry, the actor's persisted snapshot (xstate's `getPersistedSnapshot`:
 * the pages loaded, the pager's offset, the chosen tab…) and the window's scroll position are kept
 * under that entry's key; Back (or Forward) to the entry starts the actor from that snapshot
 * (createActor's `snapshot` option, children included) and scrolls to where the user was, so no
 * page is fetched again and the place is the same. A fresh navigation (a link, a reload) never
 * restores: it starts from the actor's input as before.
 *
 * - Each history entry gets a key in `history.state` (stamped right after every pushState or
 *   replaceState that has none); the cache holds at most PLACES_KEPT entries, the least recently
 *   used going first, in memory only (a reload starts afresh).
 * - A page can hold several remembered actors (a channel and its tab): `slot` names each, and
 *   includes what the actor is about (`channel-videos:<userId>`), so an entry never restores a
 *   snapshot into another list.
 * - The scroll position is read while the page is shown (a passive scroll listener) and the
 *   listener goes in the same commit that removes the page, so the new page's shorter layout
 *   never overwrites it. The restore scrolls in a layout effect, before the first paint.
 */
import { useActorRef } from '@xstate/react';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Actor, ActorOptions, AnyActorLogic, Snapshot } from 'xstate';
import { useOfferedSnapshot } from './first-screen-state';

/** How many history entries' places are kept (the back stack a person walks is short). */
export const PLACES_KEPT = 20;

interface Place {
  snapshot: Snapshot<unknown>;
  scrollY: number;
}

const KEY = 'vidtubePlace';
const places = new Map<string, Place>();
/** How the current entry was reached: only a history traversal restores. */
let arrivedBy: 'traversal' | 'navigation' = 'navigation';
let serial = 0;

function entryKey(): string | null {
  const state: unknown = typeof history === 'undefined' ? null : history.state;
  if (state && typeof state === 'object' && KEY in state) {
    const key = (state as Record<string, unknown>)[KEY];
    return typeof key === 'string' ? key : null;
  }
  return null;
}

/** Gives the current entry a key if it has none (wouter pushes `null` as the state). */
function stampEntry(): void {
  if (entryKey() !== null) return;
  const state: unknown = history.state;
  const base = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  const key = `${Date.now().toString(36)}-${(serial++).toString(36)}`;
  history.replaceState({ ...base, [KEY]: key }, '');
}

let installed = false;

/** Starts keying history entries; the app calls it once, before the first page renders. */
export function installPlaceMemory(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  stampEntry();
  window.addEventListener('popstate', () => {
    arrivedBy = 'traversal';
    stampEntry();
  });
  // wouter dispatches these after its patched history.pushState / replaceState.
  window.addEventListener('pushState', () => {
    arrivedBy = 'navigation';
    stampEntry();
  });
  window.addEventListener('replaceState', stampEntry);
}

/** What was kept for `slot` of the current entry, if the user came back to it. */
export function placeToRestore(slot: string): Place | undefined {
  const key = entryKey();
  if (arrivedBy !== 'traversal' || key === null) return undefined;
  return places.get(`${key}|${slot}`);
}

/** Keeps `place` for `slot` of the entry `key`, dropping the least recently kept past the bound. */
export function keepPlace(key: string, slot: string, place: Place): void {
  const id = `${key}|${slot}`;
  places.delete(id);
  places.set(id, place);
  for (const old of places.keys()) {
    if (places.size <= PLACES_KEPT) break;
    places.delete(old);
  }
}

/** Forgets every kept place (tests). */
export function forgetPlaces(): void {
  places.clear();
  arrivedBy = 'navigation';
}

/** useActorRef's overloads want each logic's own required options; a generic caller has them. */
const useTypedActorRef = useActorRef as <T extends AnyActorLogic>(
  logic: T,
  options: ActorOptions<T>,
) => Actor<T>;

/**
 * `useActorRef(logic, options)` that remembers the actor's state and the scroll position for the
 * history entry it is shown under, and starts from them when the user comes back to the entry.
 * A server-rendered first screen (issue 35) offers the snapshot its HTML was rendered from: the
 * actor starts from it (no scrolling: the page is where the browser put it).
 */
export function useRememberedActor<TLogic extends AnyActorLogic>(
  slot: string,
  logic: TLogic,
  options: ActorOptions<TLogic> = {},
): Actor<TLogic> {
  const [restored] = useState(() => placeToRestore(slot));
  const offered = useOfferedSnapshot(slot);
  const [snapshot] = useState(() => restored?.snapshot ?? offered);
  const actor = useTypedActorRef(logic, snapshot ? { ...options, snapshot } : options);
  const key = useRef<string | null>(null);
  const scrollY = useRef(0);

  // Every commit: the entry the page is now shown under (a chip or a tab may push a new one).
  useLayoutEffect(() => {
    key.current = entryKey();
  });

  useLayoutEffect(() => {
    if (restored) window.scrollTo(0, restored.scrollY);
    scrollY.current = window.scrollY;
    const onScroll = () => {
      scrollY.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (key.current === null) return;
      keepPlace(key.current, slot, {
        snapshot: actor.getPersistedSnapshot(),
        scrollY: scrollY.current,
      });
    };
  }, [actor, restored, slot]);

  return actor;
}
