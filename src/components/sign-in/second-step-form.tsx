/**
 * The second step of sign-in (issue 32), in place of the three fields on the sign-in page and in
 * the sign-in popup: the authenticator app's code, or "Use a recovery code"; a passkey where the
 * account has one. The sign-in machine decides everything; this view renders and sends events.
 */
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import {
  selectCanVerify,
  selectCode,
  selectCodeKind,
  selectError,
  selectIsBusy,
  type SecondStep,
  type signInMachine,
} from '../../../machines/sign-in.machine';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form';
import { TextField } from '../../ui/text-field';
import { PasskeySignInButton } from './passkey-sign-in-button';

const Form = styled.form`
  display: grid;
  gap: 16px;
  h2 {
    margin: 0;
    font-size: 18px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;
const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 8px;
`;

const TEXT = {
  totp: {
    lead: 'Enter the 6-digit code from your authenticator app.',
    label: 'Authenticator code',
    other: 'Use a recovery code',
  },
  recovery: {
    lead: 'Enter one of the recovery codes you saved when you turned on two-step sign-in.',
    label: 'Recovery code',
    other: 'Use your authenticator app',
  },
} as const;

export function SecondStepForm({
  actor,
  secondStep,
}: {
  actor: ActorRefFrom<typeof signInMachine>;
  secondStep: SecondStep;
}) {
  const kind = useSelector(actor, selectCodeKind);
  const code = useSelector(actor, selectCode);
  const error = useSelector(actor, selectError);
  const busy = useSelector(actor, selectIsBusy);
  const canVerify = useSelector(actor, selectCanVerify);
  const text = TEXT[kind];
  return (
    <Form
      noValidate
      aria-label="Two-step verification"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <h2>Two-step verification</h2>
      <p>{text.lead}</p>
      <TextField
        key={kind}
        label={text.label}
        value={code}
        disabled={busy}
        autoFocus
        autoComplete="one-time-code"
        inputMode={kind === 'totp' ? 'numeric' : 'text'}
        maxLength={32}
        onValueChange={(value) => actor.send({ type: 'CODE_CHANGED', value })}
      />
      <FormError message={error} />
      <Button type="submit" block disabled={!canVerify} loading={busy}>
        Verify
      </Button>
      {secondStep.methods.includes('passkey') && (
        <PasskeySignInButton
          secondStepTicket={secondStep.ticket}
          announce={false}
          onSignedIn={(user) => actor.send({ type: 'SECOND_STEP_DONE', user })}
        />
      )}
      <Choices>
        <Button
          variant="ghost"
          disabled={busy}
          onClick={() =>
            actor.send({ type: kind === 'totp' ? 'USE_RECOVERY_CODE' : 'USE_AUTHENTICATOR' })
          }
        >
          {text.other}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'CANCEL' })}>
          Back
        </Button>
      </Choices>
    </Form>
  );
}
