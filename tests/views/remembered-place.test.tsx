/**
 * Back keeps your place (issue 29), the mechanism under every list page: useRememberedActor keeps
 * an actor's snapshot and the scroll position per history entry when the page goes, and starts
 * from them only when the user comes back to that entry with Back; a fresh navigation starts anew,
 * and the cache keeps at most PLACES_KEPT entries.
 */
import { act, render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { assign, setup } from 'xstate';
import {
  forgetPlaces,
  installPlaceMemory,
  keepPlace,
  PLACES_KEPT,
  placeToRestore,
  useRememberedActor,
} from '../../src/remembered-place';

/** A list that grows by one page per MORE. */
const listMachine = setup({
  types: { context: {} as { pages: number }, events: {} as { type: 'MORE' } },
}).createMachine({
  context: { pages: 1 },
  on: { MORE: { actions: assign({ pages: ({ context }) => context.pages + 1 }) } },
});

let actor: { send: (e: { type: 'MORE' }) => void } | null = null;

function List() {
  const list = useRememberedActor('list', listMachine);
  actor = list;
  const pages = useSelector(list, (s) => s.context.pages);
  return <p>{`${pages} pages`}</p>;
}

const scrollTo = vi.fn();

beforeAll(() => {
  installPlaceMemory();
  Object.defineProperty(window, 'scrollTo', { value: scrollTo, configurable: true });
});
afterEach(() => {
  forgetPlaces();
  scrollTo.mockClear();
});

/** Sets the window's scroll position as a user's scrolling would, with its scroll event. */
function scrollWindow(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

/** history.pushState as wouter calls it, with the event wouter's patch dispatches. */
function push(url: string) {
  history.pushState(null, '', url);
  window.dispatchEvent(new Event('pushState'));
}

describe('useRememberedActor', () => {
  it('Back to the entry restores the pages and the scroll position; a fresh visit does not', async () => {
    push('/feed');
    const first = render(<List />);
    act(() => actor!.send({ type: 'MORE' }));
    act(() => actor!.send({ type: 'MORE' }));
    scrollWindow(2914);
    expect(screen.getByText('3 pages')).toBeInTheDocument();

    // Open a video: the list goes, its place is kept under the feed's entry.
    push('/watch/v1');
    first.unmount();
    scrollWindow(0);

    // Back (popstate to the feed's entry): the same pages, scrolled where the user was.
    const back = new Promise((resolve) =>
      window.addEventListener('popstate', resolve, { once: true }),
    );
    history.back();
    await back;
    render(<List />);
    expect(screen.getByText('3 pages')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 2914);
  });

  it('a fresh navigation to the same page starts from the first page, at the top', () => {
    push('/feed');
    const first = render(<List />);
    act(() => actor!.send({ type: 'MORE' }));
    push('/watch/v1');
    first.unmount();
    push('/feed');
    render(<List />);
    expect(screen.getByText('1 pages')).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it(`keeps the places of at most ${PLACES_KEPT} entries, the oldest going first`, () => {
    const place = { snapshot: listMachine.getInitialSnapshot({} as never), scrollY: 1 };
    for (let i = 0; i <= PLACES_KEPT; i++) keepPlace(`k${i}`, 'list', place);
    // Only a traversal reads the cache; simulate one to the oldest and the newest entries.
    history.replaceState({ vidtubePlace: 'k0' }, '');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(placeToRestore('list')).toBeUndefined();
    history.replaceState({ vidtubePlace: `k${PLACES_KEPT}` }, '');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(placeToRestore('list')).toBe(place);
  });
});
