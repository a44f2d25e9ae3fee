/**
 * What must be in place before the first request, run by server/main.ts and by the test harness
 * alike (so tests start the server the way production does): the shared default images.
 * Route registration stays free of I/O.
 */
import type { AppContext } from './context.js';
import { ensureDefaultImages } from './services/default-images.js';

export async function prepareStart(ctx: AppContext): Promise<void> {
  await ensureDefaultImages(ctx);
}
