/**
 * The end of every settings form: the validation error, Cancel and the submit button, and the
 * spec's cancel confirmation. The form's machine owns the states; this only renders them and sends
 * CANCEL / CONFIRM / DISMISS.
 */
import { MESSAGES } from '../../../machines/messages';
import { ConfirmDialog } from './confirm-dialog';
import { FormFooter } from '../../ui/form';

type FooterEvent = { type: 'CANCEL' } | { type: 'CONFIRM' } | { type: 'DISMISS' };

export interface SettingsFormFooterProps {
  error: string | null;
  saving: boolean;
  confirmingCancel: boolean;
  submitLabel: string;
  send: (event: FooterEvent) => void;
}

export function SettingsFormFooter({
  error,
  saving,
  confirmingCancel,
  submitLabel,
  send,
}: SettingsFormFooterProps) {
  return (
    <>
      <FormFooter
        error={error}
        saving={saving}
        submitLabel={submitLabel}
        onCancel={() => send({ type: 'CANCEL' })}
        cancelVariant="secondary"
      />
      {confirmingCancel && (
        <ConfirmDialog
          message={MESSAGES.cancelConfirm}
          confirmLabel="Discard changes"
          cancelLabel="Keep editing"
          onConfirm={() => send({ type: 'CONFIRM' })}
          onCancel={() => send({ type: 'DISMISS' })}
        />
      )}
    </>
  );
}
