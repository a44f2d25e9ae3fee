/** Forgot password (issue 32): the address, then the same answer for every address. */
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { ACCOUNT_MAIL_MESSAGES } from '../../../contract/account-mail';
import {
  forgotPasswordMachine,
  selectEmail,
  selectError,
  selectIsSending,
  selectIsSent,
} from '../../../machines/forgot-password.machine';
import { usePageActors } from '../../actors';
import { accountMailActors } from '../../api/account-mail';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form';
import { TextFields } from '../../ui/text-fields';
import { Muted, Stack } from './mail-link-styles';

export function ForgotPasswordForm() {
  const { requestPasswordReset } = usePageActors(accountMailActors);
  const actor = useActorRef(forgotPasswordMachine.provide({ actors: { requestPasswordReset } }));
  const email = useSelector(actor, selectEmail);
  const error = useSelector(actor, selectError);
  const sending = useSelector(actor, selectIsSending);
  const sent = useSelector(actor, selectIsSent);

  if (sent) {
    return (
      <Stack>
        <p role="status">{ACCOUNT_MAIL_MESSAGES.resetRequested}</p>
        <Muted>Check your spam folder if nothing arrives within a few minutes.</Muted>
        <Button variant="secondary" onClick={() => actor.send({ type: 'EDIT' })}>
          Use another address
        </Button>
        <Link href="/login">Back to sign in</Link>
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
      <TextFields
        specs={[{ field: 'email', label: 'Email', type: 'email', autoComplete: 'email' }]}
        values={{ email }}
        disabled={sending}
        onChange={(_field, value) => actor.send({ type: 'FIELD_CHANGED', value })}
      />
      <FormError message={error} />
      <Button type="submit" block loading={sending} disabled={sending || email.trim() === ''}>
        Send reset link
      </Button>
      <Link href="/login">Back to sign in</Link>
    </Stack>
  );
}
