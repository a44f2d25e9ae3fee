/**
 * The feed's most requested shapes as prepared statements: the whole feed, one channel and one
 * tag, newest first (the default order), and their trigger-kept totals. A page carries its total
 * in every row (a scalar subquery, read once), so page and total are one round trip to the
 * database; only a page past the end, which has no rows, asks for the total on its own. Any other
 * shape (another order, a search, combined filters) is built per request by video-feed.ts.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { SortType, VideoSortBy } from '../../contract/videos.js';
import { statementSet, type PreparedStatements } from '../db/prepared.js';
import { users, videoCounts, videos } from '../db/schema.js';
import { descNullsLast } from '../db/order.js';
import { videoItemColumns, type VideoItemRow } from '../videos/index.js';

const feedStatements = statementSet((db) => {
  const totalOf = (scope: Scope) =>
    sql<number>`(select ${videoCounts.n} from ${videoCounts}
      where ${videoCounts.scope} = ${sql.raw(`'${scope}'`)}
        and ${videoCounts.key} = ${sql.placeholder('key')})`.mapWith(Number);
  // Mirrors orderOf() for the default order, so pages are the same whichever path serves them.
  const page = (scope: Scope, filter?: SQL) =>
    db
      .select({ ...videoItemColumns, total: totalOf(scope) })
      .from(videos)
      .innerJoin(users, eq(users.id, videos.ownerId))
      .where(and(eq(videos.isPublished, true), filter))
      .orderBy(descNullsLast(videos.createdAt), asc(videos.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`feed_page_${scope}`);
  return {
    all: page('all'),
    owner: page('owner', eq(videos.ownerId, sql.placeholder('key'))),
    // A one-element array literal built in SQL, so the tag travels as a plain text parameter.
    tag: page('tag', sql`${videos.tags} @> array[${sql.placeholder('key')}]::text[]`),
    count: db
      .select({ n: videoCounts.n })
      .from(videoCounts)
      .where(
        and(
          eq(videoCounts.scope, sql.placeholder('scope')),
          eq(videoCounts.key, sql.placeholder('key')),
        ),
      )
      .prepare('feed_count'),
  };
});

type Scope = 'all' | 'owner' | 'tag';

/** The part of video-feed.ts's FeedFilters these statements look at. */
interface FeedShape {
  userId?: string | undefined;
  query?: string | undefined;
  tag?: string | undefined;
  sortBy?: VideoSortBy | undefined;
  sortType?: SortType | undefined;
  limit: number;
}

/** The one filter of a whole-feed, channel or tag listing; null for any other combination. */
export function singleScope(filters: FeedShape): [Scope, string] | null {
  if (filters.query) return null;
  if (!filters.userId && !filters.tag) return ['all', ''];
  if (filters.userId && !filters.tag) return ['owner', filters.userId];
  if (!filters.userId && filters.tag) return ['tag', filters.tag];
  return null;
}

/**
 * A page of a single-scope feed in the default order with the feed's total; undefined when
 * `filters` ask for more.
 */
export async function preparedFeedPage(
  statements: PreparedStatements,
  filters: FeedShape,
  offset: number,
): Promise<{ rows: VideoItemRow[]; total: number } | undefined> {
  const scope = singleScope(filters);
  const defaultOrder =
    (filters.sortBy ?? 'createdAt') === 'createdAt' && filters.sortType !== 'asc';
  if (!scope || !defaultOrder) return undefined;
  const rows = await statements.of(feedStatements)[scope[0]].execute({
    key: scope[1],
    limit: filters.limit,
    offset,
  });
  const total = rows[0]?.total ?? (await scopeCount(statements, scope));
  return { rows, total };
}

/** The trigger-kept count of a single-scope feed (video_counts). */
export async function scopeCount(
  statements: PreparedStatements,
  [scope, key]: [Scope, string],
): Promise<number> {
  const [row] = await statements.of(feedStatements).count.execute({ scope, key });
  return row?.n ?? 0;
}
