/**
 * A write that names a row which a concurrent delete removes between the service's check and its
 * insert fails the insert's foreign key (PostgreSQL 23503). That is the same situation as the
 * check finding nothing, so it answers the same 404 ("Video not found"), in one place (the error
 * handler asks here) instead of a try/catch around every insert. Which 404 follows from the
 * table the constraint points at, read from the schema, so a new reference needs no entry here.
 */
import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './db/schema.js';
import { notFound, type DomainError } from './errors.js';
import { COMMENT_NOT_FOUND } from './comments/index.js';
import { USER_NOT_FOUND } from './db/page.js';
import { PLAYLIST_NOT_FOUND } from './playlists/index.js';
import { TWEET_NOT_FOUND } from './tweets/index.js';
import { VIDEO_NOT_FOUND } from './videos/index.js';

const FOREIGN_KEY_VIOLATION = '23503';

/** The not-found of each table a foreign key may point at. */
const MISSING: Record<string, string> = {
  [getTableName(schema.videos)]: VIDEO_NOT_FOUND,
  [getTableName(schema.comments)]: COMMENT_NOT_FOUND,
  [getTableName(schema.playlists)]: PLAYLIST_NOT_FOUND,
  [getTableName(schema.tweets)]: TWEET_NOT_FOUND,
  [getTableName(schema.users)]: USER_NOT_FOUND,
};

/** Every foreign key of the schema by constraint name, with the table it points at. */
function referencedTables(): Map<string, string> {
  const byConstraint = new Map<string, string>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    for (const key of getTableConfig(value).foreignKeys) {
      byConstraint.set(key.getName(), getTableName(key.reference().foreignTable));
    }
  }
  // Issue 34's analytics tables are written by triggers only (migration 0023), not in schema.ts.
  for (const table of ['video_stat_hours', 'video_retention']) {
    byConstraint.set(`${table}_video_id_videos_id_fk`, getTableName(schema.videos));
  }
  return byConstraint;
}

let tables: Map<string, string> | undefined;

/** The 404 a foreign-key violation anywhere in `error`'s cause chain stands for, if any. */
export function missingReference(error: unknown): DomainError | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === FOREIGN_KEY_VIOLATION && typeof constraint === 'string') {
      tables ??= referencedTables();
      const table = tables.get(constraint);
      return notFound((table && MISSING[table]) ?? 'Not found');
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
