/**
 * The body of a form dialog closed with changes (machines/form-dialog.ts), whose title then
 * reads 'Discard changes?': asked in place of the form, not in a second dialog over it, so Escape
 * and the focus trap belong to one dialog. 'Keep editing' takes the focus: the safe answer.
 */
import { DASHBOARD_MESSAGES as M } from '../../../machines/dashboard-messages';
import { Button } from '../../ui/button';
import { FormActions } from '../../ui/form';

export function DiscardQuestion({
  onDiscard,
  onKeepEditing,
}: {
  onDiscard: () => void;
  onKeepEditing: () => void;
}) {
  return (
    <div>
      <p>{M.discardMessage}</p>
      <FormActions>
        <Button variant="secondary" autoFocus onClick={onKeepEditing}>
          {M.keepEditing}
        </Button>
        <Button variant="danger" onClick={onDiscard}>
          {M.discard}
        </Button>
      </FormActions>
    </div>
  );
}
