/**
 * The channels a search text names exactly (its user name or full name, folded like the
 * suggestions fold them: case and Latin accents ignored). Their videos are matches of the search
 * even when no word of a title, tag or description holds the name, so "Mira Patel" lists Mira's
 * videos under her channel's card (issue 31, channels in results). Only an exact name counts: a
 * video is not about everyone whose name shares a word with the query.
 *
 * A search the postings answer asks it inside its own statement (search-postings.ts: a round trip
 * less, a fifth of a one-word search's CPU). Other searches ask it first, as a prepared
 * statement: planning it cost more than running it (0.8 ms against 0.45 at 100 000 videos on the
 * embedded database).
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { statementSet, type PreparedStatements } from '../db/prepared.js';
import { users } from '../db/schema.js';

/** More than this many channels of one name add nothing a user asked for. */
const MAX_NAMED = 5;

/**
 * The ids of the channels `name` names, as a relation of one column `id`. Each side reads its own
 * prefix index (users_*_prefix_idx, migration 0016) by equality. Where few channels make reading
 * the table cheaper, each name is folded only when it is as long as the query: search_fold maps
 * every character to one (its two lists are 253 characters each) and lower() keeps the count, so
 * names of another length cannot match. Folding (translate over 253 characters) was the cost: 8
 * channels' names folded took 0.33 of a three-word search's 3.2 ms on PostgreSQL, 0.03 after. The
 * query is folded once (a scalar subquery), not once per name.
 */
export function namedChannelsOf(name: SQL | Placeholder): SQL {
  const length = sql`char_length(${name}::text)`;
  const folded = sql`(select search_fold(${name}::text))`;
  return sql`(select ${users.id} as id from ${users}
    where char_length(${users.userName}) = ${length} and search_fold(${users.userName}) = ${folded}
    union
    select ${users.id} from ${users}
    where char_length(${users.fullName}) = ${length} and search_fold(${users.fullName}) = ${folded}
    limit ${sql.raw(String(MAX_NAMED))})`;
}

const namedStatements = statementSet((db) => ({
  ids: db
    .select({ id: sql<string>`id` })
    .from(sql`${namedChannelsOf(sql.placeholder('name'))} as named`)
    .prepare('search_named_channels'),
}));

export async function namedChannelIds(
  statements: PreparedStatements,
  text: string,
): Promise<string[]> {
  const name = text.trim();
  if (!name) return [];
  const rows = await statements.of(namedStatements).ids.execute({ name });
  return rows.map((row) => row.id);
}
