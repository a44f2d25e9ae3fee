/**
 * The infinite-scroll bottom marker: calls `onVisible` whenever the element comes into view.
 * Whether a load actually starts (more pages, no load running, retry wait) is the pager
 * machine's decision, so this hook only reports visibility.
 *
 * `resetKey` (e.g. the item count plus whether a load runs) re-creates the observer when it
 * changes: a fresh observer reports the current intersection at once, so a marker that is
 * still on screen after a short page asks for the next one instead of waiting for a scroll.
 */
import { useEffect, useRef } from 'react';

export function useSentinel<T extends Element>(
  onVisible: () => void,
  {
    threshold = 0,
    rootMargin = '200px 0px',
    resetKey,
  }: { threshold?: number; rootMargin?: string; resetKey?: string | number } = {},
) {
  const ref = useRef<T>(null);
  // The latest callback without re-creating the observer on every render.
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  }, [onVisible]);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [threshold, rootMargin, resetKey]);

  return ref;
}
