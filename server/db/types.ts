/**
 * The database handle's types, which every service names. Apart from client.ts (which opens it)
 * so that the pieces a database is opened with (prepared.ts) can name them too.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; services accept `Db | Tx` where they can run inside either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
