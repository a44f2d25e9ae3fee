/**
 * The view side every form dialog (machines/form-dialog.ts) shares: its actor, the values, error
 * and saving state it renders, and the same reactions to what it emits — a refusal is toasted,
 * the saved result goes to `onSaved`, a close to `onClose`.
 */
import { useActorRef, useSelector } from '@xstate/react';
import {
  selectError,
  selectIsConfirmingDiscard,
  selectIsSaving,
  selectValues,
  type formDialogMachine,
  type FormValues,
} from '../../../machines/form-dialog';
import { notify } from '../../notify';
import { useEmitted } from '../../use-emitted';

export function useFormDialog<V extends FormValues, R>(
  machine: ReturnType<typeof formDialogMachine<V>>,
  initial: V,
  { onSaved, onClose }: { onSaved: (result: R) => void; onClose: () => void },
) {
  const actor = useActorRef(machine, { input: { values: initial } });
  useEmitted(actor, {
    invalid: ({ message }) => notify.error(message),
    // The save's output: the dialog's machine is provided with the call that returns an R.
    saved: ({ result }) => onSaved(result as R),
    closed: () => onClose(),
  });
  return {
    actor,
    values: useSelector(actor, selectValues<V>),
    error: useSelector(actor, selectError),
    saving: useSelector(actor, selectIsSaving),
    confirmingDiscard: useSelector(actor, selectIsConfirmingDiscard),
    change: (values: Partial<V>) => actor.send({ type: 'CHANGE', values }),
    submit: () => actor.send({ type: 'SUBMIT' }),
    close: () => actor.send({ type: 'CLOSE' }),
    discard: () => actor.send({ type: 'DISCARD' }),
    keepEditing: () => actor.send({ type: 'KEEP_EDITING' }),
  };
}
