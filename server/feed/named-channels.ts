/**
 * The channels a search text names exactly (its user name or full name, folded like the
 * suggestions fold them: case and Latin accents ignored). Their videos are matches of the search
 * even when no word of a title, tag or description holds the name, so "Mira Patel" lists Mira's
 * videos under her channel's card (issue 31, channels in results). Only an exact name counts: a
 * video is not about everyone whose name shares a word with the query.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';

/** More than this many channels of one name add nothing a user asked for. */
const MAX_NAMED = 5;

export async function namedChannelIds(db: Db, text: string): Promise<string[]> {
  const name = text.trim();
  if (!name) return [];
  // Each side reads its own prefix index (users_*_prefix_idx, migration 0016) by equality.
  const result = await db.execute(sql`
    select ${users.id} as id from ${users} where search_fold(${users.userName}) = search_fold(${name})
    union
    select ${users.id} from ${users} where search_fold(${users.fullName}) = search_fold(${name})
    limit ${MAX_NAMED}`);
  return (result as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}
