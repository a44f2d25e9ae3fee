/**
 * A date as "3 minutes ago" that stays true while the page is open: every label on screen
 * re-renders on one shared tick each minute (one timer for the whole page, not one per label),
 * so "just now" turns into "1 minute ago" without a reload (issue 22). Each render reads the
 * clock itself, so a label is never older than its last render. The full date shows on hover.
 * A server-rendered label (issue 35) is first read at the server's clock, both on the server and
 * while the browser hydrates it, so the two agree; React then renders it anew with the browser's.
 */
import { useState, useSyncExternalStore } from 'react';
import { formatAge, formatFullDate } from '../format';
import { useRenderedAt } from '../first-screen-state';

const TICK_MS = 60_000;

let ticks = 0;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    ticks += 1;
    listeners.forEach((l) => l());
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The tick store's answer on the server and while hydrating: read the page's clock instead. */
const HYDRATING = -1;

export function RelativeTime({ iso }: { iso: string }) {
  const tick = useSyncExternalStore(
    subscribe,
    () => ticks,
    () => HYDRATING,
  );
  const renderedAt = useRenderedAt();
  const now = tick === HYDRATING && renderedAt !== undefined ? renderedAt : Date.now();
  // The full date as a tooltip once the pointer has arrived: a page's first date formatter costs
  // ~30 ms (ICU loads its locale data), a tenth of the feed's first render.
  const [pointed, setPointed] = useState(false);
  return (
    <time
      dateTime={iso}
      title={pointed ? formatFullDate(iso) : undefined}
      onPointerEnter={() => setPointed(true)}
    >
      {formatAge(iso, now)}
    </time>
  );
}
