/**
 * The question of the confirmation step (machines/confirm-action.machine.ts): Yes sends CONFIRM,
 * No, × and Escape send CANCEL. While the action runs both buttons are disabled and the dialog
 * stays open, so the creator sees that something is happening.
 */
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { confirmActionMachine } from '../../../machines/confirm-action.machine';
import {
  selectIsAsking,
  selectIsRunning,
  selectQuestion,
} from '../../../machines/confirm-action.machine';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';

export type ConfirmRef = ActorRefFrom<typeof confirmActionMachine>;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 16px;
`;

export function ConfirmDialog({ confirm }: { confirm: ConfirmRef }) {
  const open = useSelector(confirm, selectIsAsking);
  const question = useSelector(confirm, selectQuestion);
  const running = useSelector(confirm, selectIsRunning);
  if (!open) return null;
  const cancel = () => confirm.send({ type: 'CANCEL' });
  return (
    <Modal title="Please confirm" onClose={cancel}>
      <p>{question}</p>
      <Actions>
        <Button variant="secondary" onClick={cancel} disabled={running}>
          No
        </Button>
        <Button onClick={() => confirm.send({ type: 'CONFIRM' })} loading={running}>
          Yes
        </Button>
      </Actions>
    </Modal>
  );
}
