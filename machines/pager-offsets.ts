/**
 * The pager's list arithmetic (pager.machine.ts), pure functions of its context: which page holds
 * the next unread item, and how appending, prepending and removing move the offset so that offset
 * paging neither skips nor repeats an item.
 */
import { FIRST_PAGE } from '../contract/limits.js';
import type { Page, PageRequest, PagerContext, PagerItem } from './pager.types.js';

export function hasMore(c: PagerContext): boolean {
  return !c.exhausted && (c.total === null || c.offset < c.total);
}

/** The page of `nextLimit` items that holds position `offset`, and how much of it is held. */
export function planRequest(c: PagerContext): PageRequest & { skip: number } {
  const limit = c.nextLimit;
  const page = Math.floor(c.offset / limit) + FIRST_PAGE;
  return { page, limit, params: c.params, skip: c.offset - (page - FIRST_PAGE) * limit };
}

export function appendPage(c: PagerContext, page: Page): Partial<PagerContext> {
  const request = c.request ?? planRequest(c);
  const held = new Set(c.items.map((i) => i._id));
  const added: PagerItem[] = [];
  for (const item of page.items.slice(request.skip)) {
    if (held.has(item._id)) continue;
    held.add(item._id);
    added.push(item);
  }
  const reached = (request.page - FIRST_PAGE) * request.limit + page.items.length;
  return {
    items: [...c.items, ...added],
    total: page.total,
    meta: page.meta ?? c.meta,
    offset: Math.max(c.offset, reached),
    exhausted: page.items.length < request.limit,
    nextLimit: c.pageSize,
  };
}

export function prependItem(c: PagerContext, item: PagerItem): Partial<PagerContext> {
  if (c.items.some((i) => i._id === item._id)) return {};
  return {
    items: [item, ...c.items],
    offset: c.offset + 1,
    total: c.total === null ? null : c.total + 1,
  };
}

export function removeItem(c: PagerContext, id: string): Partial<PagerContext> {
  if (!c.items.some((i) => i._id === id)) return {};
  return {
    items: c.items.filter((i) => i._id !== id),
    offset: Math.max(0, c.offset - 1),
    total: c.total === null ? null : Math.max(0, c.total - 1),
  };
}
