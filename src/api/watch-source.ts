/**
 * Where a watch came from (issue 34), told to the watch call as `?source=` so the creator's
 * analytics can count views per traffic source without anything personal: only the kind of page
 * the click was on. A click on a link to a watch page notes the page it was on:
 *   `/` → feed, `/search` → search, a watch page → upNext (Up next, More from this channel),
 *   a channel's pages → channel, anything else in the site → elsewhere.
 * A watch page opened without a click in the site (the page's first load): a link from another
 * site (a referrer of another origin) → elsewhere, no referrer (a pasted or messaged link, the
 * share dialog's copy) → shared.
 */
import type { ViewSource } from '../../contract/video-analytics';

let noted: ViewSource | null = null;
let firstLoad = true;
/** The last watch's video and source: a retry of the same call (after a 401) keeps its source. */
let last: { videoId: string; source: ViewSource } | null = null;

export function sourceOfPage(pathname: string): ViewSource {
  const path = pathname.toLowerCase();
  if (path === '/' || path === '') return 'feed';
  if (path.startsWith('/search')) return 'search';
  if (path.startsWith('/watch/')) return 'upNext';
  if (path.startsWith('/channel/')) return 'channel';
  return 'elsewhere';
}

function onClick(event: MouseEvent) {
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!link) return;
  const href = new URL((link as HTMLAnchorElement).href, window.location.href);
  if (href.origin !== window.location.origin || !/^\/watch\//i.test(href.pathname)) return;
  noted = sourceOfPage(window.location.pathname);
}

if (typeof document !== 'undefined') document.addEventListener('click', onClick, true);

/**
 * The source of the watch of `videoId` being opened now. Asked again for the same video with no
 * click between (the call retried after a refresh, the page asking after the first screen's
 * early call), it answers the same source: the view that finally counts came from there.
 */
export function takeWatchSource(videoId: string): ViewSource {
  if (noted === null && last?.videoId === videoId) return last.source;
  const source = noted ?? (firstLoad ? landingSource() : 'elsewhere');
  noted = null;
  firstLoad = false;
  last = { videoId, source };
  return source;
}

function landingSource(): ViewSource {
  if (typeof document === 'undefined' || !document.referrer) return 'shared';
  return 'elsewhere';
}

/**
 * Back to a page's first load, nothing noted. For the views suite only, whose files share one
 * module graph: a click or watch of one test must not decide the source of the next.
 */
export function forgetWatchSources(): void {
  noted = null;
  firstLoad = true;
  last = null;
}
