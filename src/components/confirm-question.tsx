/**
 * A question before an action, in the app's dialog: its title and its confirming button name the
 * action ("Delete video?", Cancel / Delete).
 * Rendered into document.body: asked from inside a list item, the dialog would otherwise take the
 * item's text styles and be centred in the page's animated (transformed) content, not the screen.
 */
import { createPortal } from 'react-dom';
import { Button } from '../ui/button';
import { FormActions } from '../ui/form';
import { Modal } from '../ui/modal';

export function ConfirmQuestion({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  destructive = true,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action runs: both buttons wait for it. */
  busy?: boolean;
  /** The confirming button is red (the default: most questions guard a deletion). */
  destructive?: boolean;
}) {
  return createPortal(
    <Modal title={title} onClose={onCancel} width={400}>
      <p>{message}</p>
      <FormActions>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button variant={destructive ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </FormActions>
    </Modal>,
    document.body,
  );
}
