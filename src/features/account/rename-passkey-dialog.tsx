/** The rename dialog of Settings → Passkeys: one field, the limit said under it. */
import styled from 'styled-components';
import { PASSKEY_NAME_MAX } from '../../../contract/passkeys';
import { Button } from '../../ui/button';
import { FormActions } from '../../ui/form';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

export function RenamePasskeyDialog({
  value,
  error,
  canSave,
  busy,
  onChange,
  onSave,
  onCancel,
}: {
  value: string;
  error: string | null;
  canSave: boolean;
  busy: boolean;
  onChange: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title="Rename passkey" onClose={onCancel} width={400} busy={busy}>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        <TextField
          label="Passkey name"
          value={value}
          onValueChange={onChange}
          maxLength={PASSKEY_NAME_MAX + 20}
          disabled={busy}
          error={error}
          hint={`At most ${PASSKEY_NAME_MAX} characters (${value.trim().length}/${PASSKEY_NAME_MAX}).`}
        />
        <FormActions>
          <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSave} loading={busy}>
            Save
          </Button>
        </FormActions>
      </Form>
    </Modal>
  );
}
