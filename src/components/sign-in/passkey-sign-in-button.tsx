/**
 * "Sign in with a passkey" (issue 32): beside the three fields on the sign-in page and popup, and
 * in the second step after them (pass login's `secondStepTicket`: the passkey must then be one
 * of that account's). Signs in like the form does: the session learns the user, the spec's
 * success toast shows, and `onSignedIn` moves on (navigate, close the popup). In the second step
 * the sign-in form announces the sign-in itself (`announce={false}`), as it does for a code.
 */
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { User } from '../../../contract/shapes';
import { MESSAGES } from '../../../machines/messages';
import {
  passkeyCeremonyMachine,
  selectError,
  selectIsBusy,
} from '../../../machines/passkey-ceremony.machine';
import { usePageActors } from '../../actors';
import { passkeySignInActors } from '../../api/passkeys';
import { notify } from '../../notify';
import { useSessionRef } from '../../session';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form';
import { useEmitted } from '../../use-emitted';

const Wrap = styled.div`
  display: grid;
  gap: 8px;
`;

const TOAST_TOPIC = 'sign-in';

export function PasskeySignInButton({
  secondStepTicket,
  onSignedIn,
  announce = true,
}: {
  secondStepTicket?: string;
  onSignedIn: (user: User) => void;
  announce?: boolean;
}) {
  const actors = usePageActors(passkeySignInActors);
  const session = useSessionRef();
  const actor = useActorRef(
    passkeyCeremonyMachine.provide({
      actors: {
        getOptions: actors.passkeySignInOptions,
        askAuthenticator: actors.passkeySign,
        verify: actors.passkeySignIn,
      },
    }),
    { input: { kind: 'signIn', secondStepTicket } },
  );
  const busy = useSelector(actor, selectIsBusy);
  const error = useSelector(actor, selectError);

  useEmitted(actor, {
    succeeded: ({ result }) => {
      const user = result as User;
      onSignedIn(user);
      if (!announce) return;
      session.send({ type: 'SIGNED_IN', user });
      notify.success(MESSAGES.loginSucceeded, TOAST_TOPIC);
    },
  });

  return (
    <Wrap>
      <Button
        type="button"
        variant="secondary"
        block
        loading={busy}
        onClick={() => {
          notify.newAttempt(TOAST_TOPIC);
          actor.send({ type: 'START' });
        }}
      >
        Sign in with a passkey
      </Button>
      <FormError message={error} />
    </Wrap>
  );
}
