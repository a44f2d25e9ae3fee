/**
 * The end of every settings form: the validation error, Cancel and the submit button, and the
 * spec's cancel confirmation. The form's machine owns the states; this only renders them and sends
 * CANCEL / CONFIRM / DISMISS.
 */
import { MESSAGES } from '../../../machines/messages';
import { Button } from '../../ui/button';
import { ConfirmDialog } from './confirm-dialog';
import { FormActions, FormError } from '../../ui/form';

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
      <FormError message={error} />
      <FormActions>
        <Button variant="secondary" onClick={() => send({ type: 'CANCEL' })} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </FormActions>
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
