import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { pagerMachine, selectHasMore, selectItems } from '../../machines/pager.machine.js';
import { searchMachine, selectSearchPager } from '../../machines/search.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { fakeListServer, rows, settle } from './video-fixtures.js';
import { model } from './search.model.js';

describeModel(model);

describe('search results', () => {
  it('sends nothing for blank text, then 9 per page for the trimmed text until all are shown', async () => {
    const server = fakeListServer((params) => rows(String(params.query), 20));
    const actor = createActor(
      searchMachine.provide({
        actors: { pager: pagerMachine.provide({ actors: { fetchPage: server.logic } }) },
      }),
    ).start();
    actor.send({ type: 'QUERY_CHANGED', query: '  ' });
    await settle();
    expect(server.calls).toEqual([]);
    actor.send({ type: 'QUERY_CHANGED', query: ' cats ' });
    await settle();
    const pager = () => selectSearchPager(actor.getSnapshot())!.getSnapshot();
    for (let i = 0; i < 5 && selectHasMore(pager()); i++) {
      actor.send({ type: 'LOAD_MORE' });
      await settle();
    }
    expect(selectItems(pager()).map((i) => i._id)).toEqual(rows('cats', 20).map((r) => r._id));
    expect(server.calls.map((c) => [c.page, c.limit, c.params.query])).toEqual([
      [1, 9, 'cats'],
      [2, 9, 'cats'],
      [3, 9, 'cats'],
    ]);
  });
});
