import { sql } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';
import { Envelope } from '../../contract/common.js';
import { ok } from './envelope.js';
import type { App, RouteOptions } from './app-types.js';

export const HealthData = Type.Object({ status: Type.Literal('ok') });

export default async function healthcheckRoutes(app: App, { ctx }: RouteOptions) {
  app.get(
    '/healthcheck',
    { schema: { tags: ['health'], response: { 200: Envelope(HealthData) } } },
    async () => {
      await ctx.db.execute(sql`select 1`);
      return ok({ status: 'ok' as const }, 'Healthy');
    },
  );
}
