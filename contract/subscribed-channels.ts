/**
 * Contract of the channels a user subscribes to:
 *   GET /subscriptions?page&limit                    the caller's
 *   GET /subscriptions/u/{subscriberId}?page&limit   any user's (the spec's "fetched by channelId;
 *                                                    the path is not shown": this is that path)
 * Both answer SubscribedChannel[] (contract/engagement.ts), most recent subscription first, with
 * the total in the X-Total-Count header (contract/list-total.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, PageQuery } from './common.js';
import { PAGE_SIZE } from './limits.js';

export const SubscriberIdParams = Type.Object({ subscriberId: Id });
export const SubscribedChannelsQuery = PageQuery(PAGE_SIZE.subscribers);
export type SubscribedChannelsQuery = Static<typeof SubscribedChannelsQuery>;
