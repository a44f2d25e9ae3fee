/**
 * A search sorted by views, read from search_postings (migration 0025) like the relevance page
 * (search-postings.ts): a posting carries its video's popularity step (views_tier, views in steps
 * of about 4 %), and each (term, field) range of the rank index is in popularity order. So the
 * page's videos are found by merging those ranges in popularity order and reading about the
 * page's rows, where the search index read every match (a quoted phrase sorted by views walked
 * the most viewed videos and tested the phrase on each: 148 ms at 1 000 000 videos).
 *
 * The order is the feed's (sorted-page.ts): views, then id against the main direction. Steps
 * order like views, so with k = offset + limit:
 *   1. the terms' ranges merged in step order give the first k videos by step (a video holds a
 *      term once, so k × terms rows hold k videos); the k-th one's step is the edge;
 *   2. every video of a step past the edge is among them, and the videos of the edge step are
 *      read whole (an equality range per term and field);
 *   3. those are sorted by their exact views and paged.
 * The matches are the search's: any of the words, or for a quoted phrase the videos holding every
 * pair of its neighbouring words in one field (walked from the rarest pair, the others probed).
 * The total is the relevance page's (search-postings.ts, totalOf), and so are the channels named.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SortType } from '../../contract/videos.js';
import type { Db } from '../db/client.js';
import { shapedText } from '../db/fixed-text.js';
import { users, videos } from '../db/schema.js';
import {
  constant,
  filterOf,
  GENERIC_PLAN,
  lexemeRefs,
  namedOf,
  PAGE_COLUMNS,
  pageWithTotal,
  pairRefs,
  POSTINGS,
  SHAPES,
  shapeOf,
  stopAtOf,
  termsBinding,
  totalOf,
  type PostingsAnswer,
  type PostingsSearch,
  type TermRef,
} from './search-postings.js';

const FIELDS = [3, 2, 1] as const;

/** What a sorted page walks: one term's rows each (any word), or a driver probed for the rest. */
interface Walk {
  terms: TermRef[];
  /** Terms every video must also hold (a phrase's other pairs). */
  required: TermRef[];
}

function walkOf(search: PostingsSearch): Walk {
  if (search.phraseOnly && search.terms.pairs.length > 0) {
    const [driver, ...required] = pairRefs(search) as [TermRef, ...TermRef[]];
    return { terms: [driver], required };
  }
  return { terms: lexemeRefs(search), required: [] };
}

/**
 * Each (term, field) range of the walk, with `where` (a step condition or nothing) and the
 * filters, each in `order`: the index's order or its mirror, so every range is an index read
 * and their union all a Merge Append.
 */
function ranges(walk: Walk, filter: SQL, where: SQL, order: SQL): SQL {
  const probes = walk.required.map(
    // A scalar probe of the membership index per row keeps the range in its order.
    (term) => sql`and (select true from ${POSTINGS} as o
      where o.video_id = p.video_id and o.term = ${term})`,
  );
  return sql.join(
    walk.terms.flatMap((term) =>
      FIELDS.map(
        (field) => sql`(select p.video_id, p.views_tier, p.created_at from ${POSTINGS} as p
          where p.term = ${term} and p.field = ${constant(field)} ${where} ${filter} ${sql.join(probes, sql` `)}
          order by ${order})`,
      ),
    ),
    sql` union all `,
  );
}

/** The page of `search` sorted by views (most first unless `sortType` is asc), and its total. */
export async function postingsPageByViews(
  db: Db,
  search: PostingsSearch,
  sortType: SortType | undefined,
): Promise<PostingsAnswer> {
  const result = await db.execute(
    shapedText(
      'search-postings-by-views',
      `${shapeOf(search)} ${sortType === 'asc' ? 'asc' : 'desc'}`,
      pageByViewsStatement(search, sortType),
      SHAPES,
      GENERIC_PLAN,
    ),
  );
  return pageWithTotal(result, stopAtOf(search));
}

/** The statement postingsPageByViews runs. */
export function pageByViewsStatement(search: PostingsSearch, sortType: SortType | undefined): SQL {
  const { offset, limit } = search;
  const k = offset + limit;
  const stopAt = stopAtOf(search);
  const filter = filterOf(search.filters);
  const walk = walkOf(search);
  const ascending = sortType === 'asc';
  // The rank index is (term, field desc, views_tier desc, created_at desc, video_id): read
  // forwards within a field for most viewed first, backwards for least.
  const stepOrder = sql.raw(
    ascending
      ? 'views_tier, created_at, video_id desc'
      : 'views_tier desc, created_at desc, video_id',
  );
  const pastEdge = sql.raw(ascending ? '<' : '>');
  const edge = sql.raw(ascending ? 'max' : 'min');
  // sorted-page.ts's order of the views sort, in both directions.
  const viewsOrder = (v: string) =>
    sql.raw(
      ascending
        ? `${v}.views_tier asc nulls first, ${v}.views asc nulls first, ${v}.id desc`
        : `${v}.views_tier desc nulls last, ${v}.views desc nulls last, ${v}.id`,
    );
  return sql`
    with ${termsBinding(search)}, first_rows as (
      select * from (${ranges(walk, filter, sql``, stepOrder)}) as m
      order by ${stepOrder} limit ${k * walk.terms.length}
    ), first_videos as (
      select distinct video_id, views_tier, created_at from first_rows
      order by ${stepOrder} limit ${k}
    ), edge as (
      select ${edge}(views_tier) as tier from first_videos
    ), candidates as (
      select video_id from first_videos where views_tier ${pastEdge} (select tier from edge)
      union
      select video_id from (${ranges(
        walk,
        filter,
        sql`and p.views_tier = (select tier from edge)`,
        stepOrder,
      )}) as e
    )
    select t.n, t.named, ${PAGE_COLUMNS}
    from (select ${totalOf(search, filter, stopAt)} as n, ${namedOf(search)} as named) as t
    left join (
      select v.id from candidates as c join ${videos} as v on v.id = c.video_id
      order by ${viewsOrder('v')} limit ${limit} offset ${offset}
    ) as p on true
    left join ${videos} on ${videos.id} = p.id
    left join ${users} on ${users.id} = ${videos.ownerId}
    order by ${viewsOrder('videos')}`;
}
