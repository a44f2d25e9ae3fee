/** Settings → Change Password (spec §5, §8). */
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { notify } from '../../notify';
import { MESSAGES } from '../../../machines/messages';
import {
  changePasswordMachine,
  selectError,
  selectFieldErrors,
  selectFields,
  selectIsConfirmingCancel,
  selectIsSaving,
  selectShowsMismatch,
  selectSignOutOthers,
  type PasswordField,
} from '../../../machines/change-password.machine';
import { usePageActors } from '../../actors';
import { accountActors } from '../../api/account';
import { LIMITS } from '../../../contract/limits';
import { TextFields, type FieldSpec } from '../../ui/text-fields';
import { SettingsForm } from './settings-form';
import { SettingsFormFooter } from './settings-form-footer';
import { useEmitted } from '../../use-emitted';

const TOAST_TOPIC = 'password';

/** Issue 32: the password change offers to sign out the other devices (ticked by default). */
const Check = styled.label`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: 14px;
  input {
    width: 18px;
    height: 18px;
    accent-color: ${({ theme }) => theme.colors.accent};
  }
`;

const password = { type: 'password', maxLength: LIMITS.password.max } as const;
const FIELDS: FieldSpec<PasswordField>[] = [
  {
    field: 'oldPassword',
    label: 'Current password',
    autoComplete: 'current-password',
    ...password,
  },
  { field: 'newPassword', label: 'New password', autoComplete: 'new-password', ...password },
  {
    field: 'confirmPassword',
    label: 'Confirm new password',
    autoComplete: 'new-password',
    ...password,
  },
];

export function ChangePasswordForm() {
  const { changePassword } = usePageActors(accountActors);
  const actor = useActorRef(changePasswordMachine.provide({ actors: { changePassword } }));
  const fields = useSelector(actor, selectFields);
  const error = useSelector(actor, selectError);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const mismatch = useSelector(actor, selectShowsMismatch);
  const saving = useSelector(actor, selectIsSaving);
  const confirming = useSelector(actor, selectIsConfirmingCancel);
  const signOutOthers = useSelector(actor, selectSignOutOthers);

  useEmitted(actor, {
    invalid: ({ message }) => notify.error(message, TOAST_TOPIC),
    saved: () => {
      notify.success(MESSAGES.passwordChanged, TOAST_TOPIC);
    },
    saveFailed: () => notify.error(MESSAGES.passwordChangeFailed, TOAST_TOPIC),
  });

  return (
    <SettingsForm
      aria-label={MESSAGES.changePassword}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        notify.newAttempt(TOAST_TOPIC);
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <h2>{MESSAGES.changePassword}</h2>
      <TextFields
        specs={FIELDS}
        values={fields}
        disabled={saving}
        errorOf={(field) =>
          field === 'confirmPassword' && mismatch
            ? MESSAGES.passwordsDontMatch
            : (fieldErrors[field] ?? null)
        }
        onChange={(field, value) => actor.send({ type: 'FIELD_CHANGED', field, value })}
      />
      <Check>
        <input
          type="checkbox"
          checked={signOutOthers}
          disabled={saving}
          onChange={(e) => actor.send({ type: 'SIGN_OUT_OTHERS_CHANGED', value: e.target.checked })}
        />
        Sign out of all other devices
      </Check>
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
