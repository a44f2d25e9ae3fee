import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../http/types.js';

/**
 * Creates the demo content on first start with an empty database (see issue: demo content).
 * Returns the demo accounts' credentials so main.ts can print them.
 */
export async function seedDemoIfEmpty(_ctx: AppContext, _log: FastifyBaseLogger): Promise<void> {}
