/** Settings → Personal Information: full name and email (spec §5, §8). */
import { useActorRef, useSelector } from '@xstate/react';
import { notify } from '../../notify';
import type { User } from '../../../contract/shapes';
import { MESSAGES } from '../../../machines/messages';
import {
  personalInfoMachine,
  selectError,
  selectFieldErrors,
  selectFields,
  selectIsConfirmingCancel,
  selectIsSaving,
  type PersonalInfoField,
} from '../../../machines/personal-info.machine';
import { usePageActors } from '../../actors';
import { accountActors } from '../../api/account';
import { useCurrentUser, useSessionRef } from '../../session';
import { TextFields, type FieldSpec } from '../../ui/text-fields';
import { SettingsForm } from './settings-form';
import { SettingsFormFooter } from './settings-form-footer';
import { useEmitted } from '../../use-emitted';

const TOAST_TOPIC = 'personal-info';

const FIELDS: FieldSpec<PersonalInfoField>[] = [
  { field: 'fullName', label: 'Full name', type: 'text', autoComplete: 'name' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
];

/** `user` seeds the form; the parent re-mounts it (key) when a different user signs in. */
export function PersonalInfoForm({ user }: { user: User }) {
  const { updateAccountDetails } = usePageActors(accountActors);
  const session = useSessionRef();
  const actor = useActorRef(personalInfoMachine.provide({ actors: { updateAccountDetails } }), {
    input: { fullName: user.fullName, email: user.email },
  });
  const fields = useSelector(actor, selectFields);
  const error = useSelector(actor, selectError);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const saving = useSelector(actor, selectIsSaving);
  const confirming = useSelector(actor, selectIsConfirmingCancel);
  // Issue 32: a new address waits for its mailed link; the session's user says which.
  const current = useCurrentUser() ?? user;

  useEmitted(actor, {
    invalid: ({ message }) => notify.error(message, TOAST_TOPIC),
    saved: ({ user: saved }) => {
      session.send({ type: 'USER_UPDATED', user: saved });
      notify.success(MESSAGES.personalInfoSaved, TOAST_TOPIC);
    },
    saveFailed: () => notify.error(MESSAGES.personalInfoFailed, TOAST_TOPIC),
  });

  return (
    <SettingsForm
      aria-label={MESSAGES.personalInformation}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        notify.newAttempt(TOAST_TOPIC);
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <h2>{MESSAGES.personalInformation}</h2>
      <p className="lead">Update your name and email address.</p>
      <TextFields
        specs={FIELDS}
        values={fields}
        disabled={saving}
        errorOf={(field) => fieldErrors[field] ?? null}
        onChange={(field, value) => actor.send({ type: 'FIELD_CHANGED', field, value })}
      />
      {current.pendingEmail && (
        <p role="status" className="lead">
          We sent a confirmation link to {current.pendingEmail}. Your email address changes to it
          when you open the link; until then it stays {current.email}.
        </p>
      )}
      <SettingsFormFooter
        error={error}
        saving={saving}
        confirmingCancel={confirming}
        submitLabel="Save changes"
        send={(event) => actor.send(event)}
      />
    </SettingsForm>
  );
}
