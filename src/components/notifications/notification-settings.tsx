/**
 * The bell's settings: one switch per notification type, saved as it is flipped
 * (machines/notification-settings.machine.ts). A save that fails puts the switch back and says so.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import styled from 'styled-components';
import { NOTIFICATION_TYPES } from '../../../contract/notification-types';
import {
  notificationSettingsMachine,
  selectHasFailed,
  selectIsSaving,
  selectSettings,
} from '../../../machines/notification-settings.machine';
import { usePageActors } from '../../actors';
import { notificationSettingsActors } from '../../api/notifications';
import { notify } from '../../notify';
import { useEmitted } from '../../use-emitted';
import { ListError } from '../../ui/list-states';
import { Spinner } from '../../ui/spinner';
import { SETTING_LABELS } from './notification-text';

const List = styled.ul`
  display: grid;
  gap: 4px;
  margin: 0;
  padding: 4px 12px 12px;
  list-style: none;
`;
const Switch = styled.label`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: 44px;
  font-size: ${({ theme }) => theme.font.size.sm};
  cursor: pointer;
  input {
    width: 20px;
    height: 20px;
    accent-color: ${({ theme }) => theme.colors.accent};
  }
`;

export function NotificationSettingsList() {
  const actors = usePageActors(notificationSettingsActors);
  const logic = useMemo(
    () =>
      notificationSettingsMachine.provide({
        actors: { fetchSettings: actors.fetchSettings, saveSettings: actors.saveSettings },
      }),
    [actors],
  );
  const settings = useActorRef(logic);
  const values = useSelector(settings, selectSettings);
  const saving = useSelector(settings, selectIsSaving);
  const failed = useSelector(settings, selectHasFailed);
  useEmitted(settings, { failed: ({ message }) => notify.error(message) });

  if (failed) {
    return (
      <ListError
        text="Could not load the settings."
        onRetry={() => settings.send({ type: 'RETRY' })}
      />
    );
  }
  if (!values) return <Spinner label="Loading settings" />;
  return (
    <List aria-label="Notification settings">
      {NOTIFICATION_TYPES.map((key) => (
        <li key={key}>
          <Switch>
            {SETTING_LABELS[key]}
            <input
              type="checkbox"
              role="switch"
              checked={values[key]}
              aria-checked={values[key]}
              aria-disabled={saving || undefined}
              onChange={() => settings.send({ type: 'TOGGLE', key })}
            />
          </Switch>
        </li>
      ))}
    </List>
  );
}
