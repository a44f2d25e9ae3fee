import { PAGE_SIZE } from '../../contract/limits.js';
import {
  BLOCKED_USERS_MESSAGES as M,
  blockedUsersMachine,
  type BlockedAction,
} from '../../machines/blocked-users.machine.js';
import { itemActionsModel } from './paged-item-actions-model.js';

export const model = itemActionsModel<BlockedAction>({
  name: 'blocked users',
  machine: blockedUsersMachine,
  pageSize: PAGE_SIZE.blockedUsers,
  actions: ['unblock'],
  failed: { unblock: M.unblockFailed },
  gone: M.gone,
});
