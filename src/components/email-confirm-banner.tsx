/**
 * The banner of a signed-in account whose email address waits for its confirmation link (issue
 * 32), on every page of the main layout: it offers to send the link again and can be closed for
 * the browser session (sessionStorage).
 */
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { ACCOUNT_MAIL_MESSAGES } from '../../contract/account-mail';
import {
  emailBannerMachine,
  selectBannerError,
  selectIsDismissed,
  selectIsResending,
  selectIsResent,
} from '../../machines/confirm-email.machine';
import { usePageActors } from '../actors';
import { accountMailActors } from '../api/account-mail';
import { useCurrentUser } from '../session';
import { Button } from '../ui/button';
import { useEmitted } from '../use-emitted';

const DISMISSED_KEY = 'vidtube.emailBanner.dismissed';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  padding: 10px 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  p {
    margin: 0;
    flex: 1 1 260px;
  }
`;
const Error = styled.span`
  color: ${({ theme }) => theme.colors.danger};
`;

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function EmailConfirmBanner() {
  const user = useCurrentUser();
  const waiting = user && (!user.emailConfirmed || user.pendingEmail !== null);
  if (!waiting || wasDismissed()) return null;
  return <Banner address={user.pendingEmail ?? user.email} />;
}

function Banner({ address }: { address: string }) {
  const { resendConfirmation } = usePageActors(accountMailActors);
  const actor = useActorRef(emailBannerMachine.provide({ actors: { resendConfirmation } }));
  const sending = useSelector(actor, selectIsResending);
  const sent = useSelector(actor, selectIsResent);
  const dismissed = useSelector(actor, selectIsDismissed);
  const error = useSelector(actor, selectBannerError);
  useEmitted(actor, {
    dismissed: () => {
      try {
        sessionStorage.setItem(DISMISSED_KEY, '1');
      } catch {
        // Private mode without storage: closed until the next reload.
      }
    },
  });
  if (dismissed) return null;
  return (
    <Bar role="region" aria-label="Confirm your email address">
      <p>
        {sent
          ? ACCOUNT_MAIL_MESSAGES.confirmationSent
          : `Confirm your email address: open the link we sent to ${address}.`}{' '}
        {error && <Error role="alert">{error}</Error>}
      </p>
      {!sent && (
        <Button
          variant="secondary"
          loading={sending}
          disabled={sending}
          onClick={() => actor.send({ type: 'RESEND' })}
        >
          Send the link again
        </Button>
      )}
      <Button variant="ghost" onClick={() => actor.send({ type: 'DISMISS' })}>
        Dismiss
      </Button>
    </Bar>
  );
}
