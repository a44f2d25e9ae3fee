import { PAGE_SIZE } from '../../contract/limits.js';
import {
  HELD_QUEUE_MESSAGES as M,
  heldQueueMachine,
  type HeldAction,
} from '../../machines/held-queue.machine.js';
import { itemActionsModel } from './paged-item-actions-model.js';

export const model = itemActionsModel<HeldAction>({
  name: 'held review queue',
  machine: heldQueueMachine,
  pageSize: PAGE_SIZE.heldComments,
  actions: ['approve', 'delete'],
  failed: { approve: M.approveFailed, delete: M.deleteFailed },
  gone: M.gone,
});
