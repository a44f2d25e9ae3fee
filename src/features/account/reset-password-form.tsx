/** Reset password (issue 32): the page a mailed link opens; two fields, then "sign in". */
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { ACCOUNT_MAIL_MESSAGES } from '../../../contract/account-mail';
import {
  resetPasswordMachine,
  selectError,
  selectFields,
  selectHasNoLink,
  selectIsDone,
  selectIsSaving,
  type ResetPasswordFields,
} from '../../../machines/reset-password.machine';
import { usePageActors } from '../../actors';
import { accountMailActors } from '../../api/account-mail';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form';
import { TextFields, type FieldSpec } from '../../ui/text-fields';
import { Muted, Stack } from './mail-link-styles';

const FIELDS: FieldSpec<keyof ResetPasswordFields>[] = [
  { field: 'password', label: 'New password', type: 'password', autoComplete: 'new-password' },
  {
    field: 'confirmPassword',
    label: 'Confirm new password',
    type: 'password',
    autoComplete: 'new-password',
  },
];

export function ResetPasswordForm({ token }: { token: string }) {
  const { resetPassword } = usePageActors(accountMailActors);
  const actor = useActorRef(resetPasswordMachine.provide({ actors: { resetPassword } }));
  useEffect(() => actor.send({ type: 'OPEN', token }), [actor, token]);
  const values = useSelector(actor, selectFields);
  const error = useSelector(actor, selectError);
  const saving = useSelector(actor, selectIsSaving);
  const done = useSelector(actor, selectIsDone);
  const noLink = useSelector(actor, selectHasNoLink);

  if (noLink || done) {
    return (
      <Stack>
        <p role="status">
          {done ? ACCOUNT_MAIL_MESSAGES.passwordReset : ACCOUNT_MAIL_MESSAGES.badResetLink}
        </p>
        <Link href={done ? '/login' : '/forgot-password'}>
          {done ? 'Sign in' : 'Ask for a new link'}
        </Link>
      </Stack>
    );
  }
  return (
    <Stack
      as="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <Muted>Setting a new password signs you out on every device.</Muted>
      <TextFields
        specs={FIELDS}
        values={values}
        disabled={saving}
        onChange={(field, value) => actor.send({ type: 'FIELD_CHANGED', field, value })}
      />
      <FormError message={error} />
      <Button type="submit" block loading={saving} disabled={saving}>
        Set new password
      </Button>
      <Link href="/forgot-password">Ask for a new link</Link>
    </Stack>
  );
}
