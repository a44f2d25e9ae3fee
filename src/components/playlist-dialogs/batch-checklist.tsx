/**
 * The checklist of a batch dialog before saving: the lines on screen (machines'
 * selectVisibleItems: the first playlists until 'Show more', or one page of videos), each a
 * checkbox that sends TOGGLE; a locked line (already in the playlist) is marked 'Already in
 * playlist' and cannot be ticked. Shared by the batch dialogs; paging and 'Show more' stay theirs.
 */
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { addToPlaylistMachine } from '../../../machines/add-to-playlist.machine';
import {
  selectIsSaving,
  selectSelected,
  selectVisibleItems,
} from '../../../machines/add-to-playlist.selectors';
import { DASHBOARD_MESSAGES } from '../../../machines/dashboard-messages';
import { BatchList } from './batch-status-list';

export type BatchRef = ActorRefFrom<typeof addToPlaylistMachine>;

const List = styled(BatchList)`
  label {
    display: flex;
    align-items: center;
    gap: 10px;
    min-height: 40px;
    padding: 6px 10px;
    border-radius: ${({ theme }) => theme.radii.sm};
    cursor: pointer;
    overflow-wrap: anywhere;
  }
  label:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
  input {
    flex: none;
    width: 18px;
    height: 18px;
    accent-color: ${({ theme }) => theme.colors.accent};
  }
  small {
    margin-left: auto;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export function BatchChecklist({ batch, label }: { batch: BatchRef; label: string }) {
  const items = useSelector(batch, selectVisibleItems);
  const selected = useSelector(batch, selectSelected);
  const saving = useSelector(batch, selectIsSaving);
  return (
    <List aria-label={label}>
      {items.map((item) => (
        <li key={item._id}>
          <label>
            <input
              type="checkbox"
              checked={selected.includes(item._id)}
              disabled={saving || item.locked}
              onChange={() => batch.send({ type: 'TOGGLE', itemId: item._id })}
            />
            <span>{item.label}</span>
            {item.locked && <small>{DASHBOARD_MESSAGES.alreadyInPlaylist}</small>}
          </label>
        </li>
      ))}
    </List>
  );
}
