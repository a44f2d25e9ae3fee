import type { FeedContext } from '../feed/index.js';
import type { VideosContext } from '../videos/index.js';

/** The pages read the feed's first page and the watched video: both domains' contexts. */
export type PageContext = FeedContext & VideosContext;
