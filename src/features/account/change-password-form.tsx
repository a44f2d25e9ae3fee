/** Settings → Change Password (spec §5, §8). */
import { useActorRef, useSelector } from '@xstate/react';
import { notify } from '../../notify';
import { MESSAGES } from '../../../machines/messages';
import {
  changePasswordMachine,
  selectError,
  selectFields,
  selectIsConfirmingCancel,
  selectIsSaving,
  selectShowsMismatch,
  type PasswordField,
} from '../../../machines/change-password.machine';
import { useActors } from '../../actors';
import { TextField } from '../../ui/text-field';
import { SettingsForm } from './settings-form';
import { SettingsFormFooter } from './settings-form-footer';
import { useEmitted } from '../../use-emitted';

const FIELDS: { field: PasswordField; label: string; autoComplete: string }[] = [
  { field: 'oldPassword', label: 'Current password', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

export function ChangePasswordForm() {
  const { changePassword } = useActors();
  const actor = useActorRef(changePasswordMachine.provide({ actors: { changePassword } }));
  const fields = useSelector(actor, selectFields);
  const error = useSelector(actor, selectError);
  const mismatch = useSelector(actor, selectShowsMismatch);
  const saving = useSelector(actor, selectIsSaving);
  const confirming = useSelector(actor, selectIsConfirmingCancel);

  useEmitted(actor, {
    invalid: ({ message }) => notify.error(message),
    saved: () => notify.success(MESSAGES.passwordChanged),
    saveFailed: () => notify.error(MESSAGES.passwordChangeFailed),
  });

  return (
    <SettingsForm
      aria-label={MESSAGES.changePassword}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <h2>{MESSAGES.changePassword}</h2>
      <p className="lead">Other devices are signed out when the password changes.</p>
      {FIELDS.map(({ field, label, autoComplete }) => (
        <TextField
          key={field}
          label={label}
          type="password"
          autoComplete={autoComplete}
          value={fields[field]}
          maxLength={128}
          disabled={saving}
          error={field === 'confirmPassword' && mismatch ? MESSAGES.passwordsDontMatch : null}
          onValueChange={(value) => actor.send({ type: 'FIELD_CHANGED', field, value })}
        />
      ))}
      <SettingsFormFooter
        error={error}
        saving={saving}
        confirmingCancel={confirming}
        submitLabel="Change password"
        send={(event) => actor.send(event)}
      />
    </SettingsForm>
  );
}
