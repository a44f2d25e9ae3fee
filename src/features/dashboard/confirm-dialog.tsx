/**
 * The question of the confirmation step (machines/confirm-action.machine.ts). Its title and its
 * confirming button name the action ("Delete video?", Cancel / Delete, red when it destroys
 * something); the confirming button sends CONFIRM, Cancel, × and Escape send CANCEL. While the
 * action runs both buttons wait and the dialog stays open, so the creator sees that something is
 * happening.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { confirmActionMachine } from '../../../machines/confirm-action.machine';
import { selectIsRunning, selectTexts } from '../../../machines/confirm-action.machine';
import { ConfirmQuestion } from '../../components/confirm-question';

export type ConfirmRef = ActorRefFrom<typeof confirmActionMachine>;

export function ConfirmDialog({ confirm }: { confirm: ConfirmRef }) {
  const texts = useSelector(confirm, selectTexts);
  const running = useSelector(confirm, selectIsRunning);
  if (!texts) return null;
  return (
    <ConfirmQuestion
      title={texts.title}
      message={texts.question}
      confirmLabel={texts.confirmLabel}
      destructive={texts.destructive}
      busy={running}
      onConfirm={() => confirm.send({ type: 'CONFIRM' })}
      onCancel={() => confirm.send({ type: 'CANCEL' })}
    />
  );
}
