/**
 * "Nothing lost" for the mixed load (bench/mixed-load.ts): what the writes that answered 2xx
 * must have left in the database, counted after the run against the rows there.
 *
 * - a comment answered 201 is one comment row of that viewer with the load's text;
 * - a watch answered 200 is a history entry of that (viewer, video) pair (one per pair);
 * - a like toggle answered 200 says `liked`; each viewer's requests run one after another, so
 *   the last answer of a (viewer, video) pair is the state its row must be in.
 */
import type pg from 'pg';
import type { Database } from '../../server/db/client.js';

export class WriteLedger {
  comments = 0;
  readonly #watched = new Set<string>();
  readonly #liked = new Map<string, boolean>();

  watched(viewer: number, video: string): void {
    this.#watched.add(`${viewer} ${video}`);
  }

  toggled(viewer: number, video: string, liked: boolean): void {
    this.#liked.set(`${viewer} ${video}`, liked);
  }

  expected(): WriteCounts {
    const liked = [...this.#liked.values()].filter(Boolean).length;
    return { comments: this.comments, history: this.#watched.size, likes: liked };
  }
}

export interface WriteCounts {
  comments: number;
  history: number;
  likes: number;
}

/** The rows the viewers named `${prefix}…` left (the same SQL on both databases). */
const COUNTS = `select
  (select count(*) from comments c join users u on u.id = c.owner_id
     where u.user_name like $1 and c.content like 'Mixed load comment %')::int as comments,
  (select count(*) from watch_history h join users u on u.id = h.user_id
     where u.user_name like $1)::int as history,
  (select count(*) from likes l join users u on u.id = l.user_id
     where u.user_name like $1 and l.target_type = 'video')::int as likes`;

type Query = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

export async function countWrites(query: Query, prefix: string): Promise<WriteCounts> {
  const { rows } = await query(COUNTS, [`${prefix.replace(/[_%\\]/g, '\\$&')}%`]);
  return rows[0] as WriteCounts;
}

export const embeddedQuery =
  (database: Database): Query =>
  (text, values) =>
    database.executeSql(text, values);

export const postgresQuery =
  (client: pg.Client): Query =>
  (text, values) =>
    client.query(text, values);

/** '0' when every 2xx write is there, else what is missing (or more than answered) per kind. */
export function lostWrites(expected: WriteCounts, found: WriteCounts): string {
  const kinds = Object.keys(expected) as (keyof WriteCounts)[];
  const off = kinds.filter((kind) => expected[kind] !== found[kind]);
  if (off.length === 0) return '0';
  return off.map((kind) => `${kind}: ${found[kind]} of ${expected[kind]}`).join(', ');
}
