import type { ServerContext } from '../context.js';
import type { ViewCounter } from './view-counter.js';

/** What the videos domain needs beyond the infrastructure: the queue of counted views. */
export interface VideosContext extends ServerContext {
  /** Counted views waiting to be written (flushed every VIEW_FLUSH_MS and on the app's close). */
  viewCounter: ViewCounter;
}
