import { Button } from '../../ui/button';
import { FormActions } from '../../ui/form';
import { Modal } from '../../ui/modal';

/**
 * A yes/no question in the app's own dialog rather than window.confirm: it matches the theme,
 * is keyboard-accessible and can be tested like any other screen content.
 */
export function ConfirmDialog({
  title = 'Discard changes?',
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  /** The dialog's heading; the settings forms' cancel question by default. */
  title?: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title={title} onClose={onCancel} width={400}>
      <p>{message}</p>
      <FormActions>
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </FormActions>
    </Modal>
  );
}
