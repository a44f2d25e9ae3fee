/**
 * The users the creator blocked from commenting on the channel (issue 33), most recently blocked
 * first, 50 per page as the list scrolls, each with Unblock. Blocking happens on the watch page,
 * from a comment's menu.
 */
import styled from 'styled-components';
import { Link } from 'wouter';
import {
  BLOCKED_USERS_MESSAGES as M,
  blockedUsersMachine,
  type BlockedAction,
  type BlockedItem,
} from '../../../machines/blocked-users.machine';
import { usePageActors } from '../../actors';
import { moderationActors } from '../../api/moderation';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { ListEmpty, ListError, LoadMoreFooter } from '../../ui/list-states';
import { Spinner } from '../../ui/spinner';
import { RelativeTime } from '../../components/relative-time';
import { channelPath } from '../../components/video-card';
import { useItemActions } from './use-item-actions';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: center;
  gap: 4px 12px;
  padding: 10px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Who = styled.div`
  min-width: 0;
  a {
    font-weight: 600;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const Failure = styled.p`
  grid-column: 1 / -1;
  color: ${({ theme }) => theme.colors.danger};
`;

export function BlockedUsers() {
  const { fetchBlockedPage, performBlockedAction } = usePageActors(moderationActors);
  const list = useItemActions<BlockedAction, BlockedItem>(
    blockedUsersMachine,
    fetchBlockedPage,
    performBlockedAction,
  );
  return (
    <section aria-labelledby="blocked-users-heading">
      <h2 id="blocked-users-heading">Blocked users</h2>
      {list.loadingFirst && <Spinner size={28} label="Loading blocked users" />}
      {list.items.length > 0 && (
        <List aria-label="Blocked users">
          {list.items.map(({ _id, user, blockedAt }) => {
            const row = list.rowOf(_id);
            return (
              <Row key={_id} aria-label={`@${user.userName}`}>
                <Avatar src={user.avatar} sizes={user.avatarSizes} alt="" size={36} />
                <Who>
                  <Link href={channelPath(user.userName)}>{user.fullName}</Link>
                  <p>
                    @{user.userName} · blocked <RelativeTime iso={blockedAt} />
                  </p>
                </Who>
                <Button
                  variant="secondary"
                  disabled={list.busy}
                  onClick={() => list.act('unblock', _id)}
                  aria-label={`Unblock @${user.userName}`}
                >
                  {row.pending === 'unblock' ? 'Unblocking…' : 'Unblock'}
                </Button>
                {row.failure && <Failure role="alert">{row.failure}</Failure>}
              </Row>
            );
          })}
        </List>
      )}
      {list.failed && (
        <ListError text={M.loadFailed} onRetry={() => list.pager.send({ type: 'RETRY' })} />
      )}
      {list.empty && <ListEmpty>{M.empty}</ListEmpty>}
      <LoadMoreFooter
        pager={list.pager}
        onVisible={() => list.pager.send({ type: 'LOAD_MORE' })}
        label="Loading more blocked users"
      />
    </section>
  );
}
