/** Confirm email (issue 32): the page a mailed confirmation link opens says what happened. */
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { ACCOUNT_MAIL_MESSAGES } from '../../../contract/account-mail';
import {
  confirmEmailMachine,
  selectConfirmError,
  selectConfirmedEmail,
  selectIsConfirming,
} from '../../../machines/confirm-email.machine';
import { usePageActors } from '../../actors';
import { accountMailActors } from '../../api/account-mail';
import { useSessionRef, useCurrentUser } from '../../session';
import { useEmitted } from '../../use-emitted';
import { Spinner } from '../../ui/spinner';
import { Muted, Stack } from './mail-link-styles';

export function ConfirmEmailStatus({ token }: { token: string }) {
  const { confirmEmail } = usePageActors(accountMailActors);
  const actor = useActorRef(confirmEmailMachine.provide({ actors: { confirmEmail } }));
  useEffect(() => actor.send({ type: 'OPEN', token }), [actor, token]);
  const confirming = useSelector(actor, selectIsConfirming);
  const email = useSelector(actor, selectConfirmedEmail);
  const error = useSelector(actor, selectConfirmError);
  const session = useSessionRef();
  const user = useCurrentUser();
  useEmitted(actor, {
    // The signed-in account (if it is this one) shows its address confirmed at once.
    confirmed: ({ email: confirmed }) => {
      if (user && (user.email === confirmed || user.pendingEmail === confirmed)) {
        session.send({
          type: 'USER_UPDATED',
          user: { ...user, email: confirmed, pendingEmail: null, emailConfirmed: true },
        });
      }
    },
  });

  if (confirming) {
    return (
      <Stack role="status">
        <Spinner />
        <p>Confirming your email address…</p>
      </Stack>
    );
  }
  return (
    <Stack role="status">
      <p>{email ? ACCOUNT_MAIL_MESSAGES.emailConfirmed : error}</p>
      {email && <Muted>Your account’s email address is {email}.</Muted>}
      <Link href="/">Go to the home page</Link>
    </Stack>
  );
}
