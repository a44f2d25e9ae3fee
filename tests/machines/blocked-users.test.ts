import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { PAGE_SIZE } from '../../contract/limits.js';
import {
  BLOCKED_USERS_MESSAGES,
  blockedUsersMachine,
  type BlockedAction,
} from '../../machines/blocked-users.machine.js';
import {
  selectFailure,
  selectPager,
  type ItemActionRequest,
} from '../../machines/paged-item-actions.js';
import { pagerMachine, selectIsEmpty, selectItems } from '../../machines/pager.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './blocked-users.model.js';
import { fakeListServer, rows, settle } from './video-fixtures.js';

describeModel(model);

describe('blocked users', () => {
  it('lists 50 per page; Unblock removes the user, a failure keeps them with the reason', async () => {
    let blocked = rows('user', 2);
    const server = fakeListServer(() => blocked);
    let fail = true;
    const perform = fromPromise<unknown, ItemActionRequest<BlockedAction>>(async ({ input }) => {
      if (fail) throw new Error('');
      blocked = blocked.filter((r) => r._id !== input.id);
      return { blocked: false };
    });
    const actor = createActor(
      blockedUsersMachine.provide({
        actors: { pager: pagerMachine.provide({ actors: { fetchPage: server.logic } }), perform },
      }),
    ).start();
    const pager = () => selectPager(actor.getSnapshot()).getSnapshot();
    await settle();
    expect(server.calls[0]).toMatchObject({ page: 1, limit: PAGE_SIZE.blockedUsers });
    actor.send({ type: 'ACT', action: 'unblock', id: 'user-1' });
    await settle();
    expect(selectItems(pager()).map((r) => r._id)).toEqual(['user-1', 'user-2']);
    expect(selectFailure(actor.getSnapshot())?.message).toBe(BLOCKED_USERS_MESSAGES.unblockFailed);
    fail = false;
    for (const id of ['user-1', 'user-2']) {
      actor.send({ type: 'ACT', action: 'unblock', id });
      await settle();
    }
    expect(selectIsEmpty(pager())).toBe(true);
  });
});
