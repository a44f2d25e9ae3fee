/** The event bus that fits the database: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite. */
import type { Database } from '../db/client.js';
import { InProcessBus, type EventBus } from './event-bus.js';

export async function openEventBus(
  database: Pick<Database, 'kind' | 'executeSql'>,
  databaseUrl: string | undefined,
): Promise<EventBus> {
  if (database.kind !== 'postgres' || !databaseUrl) return new InProcessBus();
  const { PostgresBus } = await import('./postgres-bus.js');
  return PostgresBus.open({
    connectionString: databaseUrl,
    query: (text, values) => database.executeSql(text, values),
    log: (message) => console.error(JSON.stringify({ msg: message })),
  });
}
