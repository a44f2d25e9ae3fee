/** Settings → Devices (issue 32): the signed-in sessions, "This device" first. */
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { Device } from '../../../contract/devices';
import {
  devicesMachine,
  selectDevices,
  selectHasOthers,
  selectIsBusy,
  selectIsLoading,
  selectLoadError,
  selectPending,
} from '../../../machines/devices.machine';
import { usePageActors } from '../../actors';
import { accountSecurityActors } from '../../api/account-security';
import { notify } from '../../notify';
import { Button } from '../../ui/button';
import { ListError } from '../../ui/list-states';
import { Spinner } from '../../ui/spinner';
import { useEmitted } from '../../use-emitted';
import { SecurityCard } from './security-card.styles';

const TOAST_TOPIC = 'devices';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;
const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  strong {
    display: block;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
    line-height: 1.6;
  }
`;
const Current = styled.span`
  margin-left: 8px;
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.success};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function DeviceRow({
  device,
  pending,
  busy,
  onSignOut,
}: {
  device: Device;
  pending: boolean;
  busy: boolean;
  onSignOut: () => void;
}) {
  const name = `${device.browser} on ${device.system}`;
  return (
    <Row aria-label={name}>
      <div>
        <strong>
          {name}
          {device.current && <Current>This device</Current>}
        </strong>
        <small>
          {device.network ? `Network ${device.network} · ` : ''}Signed in {when(device.signedInAt)}
          {' · '}Last seen {when(device.lastSeenAt)}
        </small>
      </div>
      {!device.current && (
        <Button
          variant="secondary"
          loading={pending}
          disabled={busy && !pending}
          aria-label={`Sign out ${name}`}
          onClick={onSignOut}
        >
          Sign out
        </Button>
      )}
    </Row>
  );
}

export function DevicesSection() {
  const actors = usePageActors(accountSecurityActors);
  const actor = useActorRef(devicesMachine.provide({ actors }));
  const devices = useSelector(actor, selectDevices);
  const pending = useSelector(actor, selectPending);
  const loading = useSelector(actor, selectIsLoading);
  const loadError = useSelector(actor, selectLoadError);
  const busy = useSelector(actor, selectIsBusy);
  const hasOthers = useSelector(actor, selectHasOthers);

  useEmitted(actor, {
    signedOut: () => notify.success('Device signed out', TOAST_TOPIC),
    othersSignedOut: () => notify.success('Other devices signed out', TOAST_TOPIC),
    failed: ({ message }) => notify.error(message, TOAST_TOPIC),
  });

  return (
    <SecurityCard aria-labelledby="devices-title">
      <h2 id="devices-title">Devices</h2>
      <p className="lead">Where your account is signed in. Sign out any device you do not know.</p>
      {loading && <Spinner />}
      {loadError && <ListError text={loadError} onRetry={() => actor.send({ type: 'RETRY' })} />}
      {!loading && !loadError && (
        <>
          <List>
            {devices.map((device) => (
              <DeviceRow
                key={device._id}
                device={device}
                pending={pending === device._id}
                busy={busy}
                onSignOut={() => actor.send({ type: 'SIGN_OUT', sessionId: device._id })}
              />
            ))}
          </List>
          {hasOthers && (
            <Button
              variant="danger"
              loading={pending === 'others'}
              disabled={busy && pending !== 'others'}
              onClick={() => actor.send({ type: 'SIGN_OUT_OTHERS' })}
            >
              Sign out all other devices
            </Button>
          )}
        </>
      )}
    </SecurityCard>
  );
}
