/**
 * Settings → Two-step sign-in (issue 32): off → scan the QR code (or type the secret) → confirm
 * with a first code → the recovery codes once → on; new recovery codes and turning it off each
 * ask for a code. The two-step machine decides; this view renders and sends events.
 */
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import {
  selectCanSubmit,
  selectCode,
  selectCodes,
  selectError,
  selectIsBusy,
  selectSetup,
  selectStatus,
  selectView,
  twoStepMachine,
} from '../../../machines/two-step.machine';
import { usePageActors } from '../../actors';
import { accountSecurityActors } from '../../api/account-security';
import { notify } from '../../notify';
import { Button } from '../../ui/button';
import { ListError } from '../../ui/list-states';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { useEmitted } from '../../use-emitted';
import { RecoveryCodesPanel } from './recovery-codes';
import { SecurityCard } from './security-card.styles';

const TOAST_TOPIC = 'two-step';

const Qr = styled.img`
  width: 184px;
  height: 184px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fff;
`;
const Secret = styled.code`
  display: inline-block;
  padding: 4px 8px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  letter-spacing: 0.08em;
  word-break: break-all;
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

type Actor = ReturnType<typeof useTwoStepActor>;

function useTwoStepActor() {
  const actors = usePageActors(accountSecurityActors);
  return useActorRef(twoStepMachine.provide({ actors }));
}

/** A code field with its submit and Cancel: confirming, new codes, turning off. */
function CodeForm({
  actor,
  label,
  submitLabel,
  hint,
}: {
  actor: Actor;
  label: string;
  submitLabel: string;
  hint?: string;
}) {
  const code = useSelector(actor, selectCode);
  const error = useSelector(actor, selectError);
  const busy = useSelector(actor, selectIsBusy);
  const canSubmit = useSelector(actor, selectCanSubmit);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <TextField
        label={label}
        value={code}
        error={error}
        hint={hint}
        disabled={busy}
        autoComplete="one-time-code"
        maxLength={32}
        onValueChange={(value) => actor.send({ type: 'CODE_CHANGED', value })}
      />
      <Row>
        <Button type="submit" disabled={!canSubmit} loading={busy}>
          {submitLabel}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'CANCEL' })}>
          Cancel
        </Button>
      </Row>
    </form>
  );
}

export function TwoStepSection() {
  const actor = useTwoStepActor();
  const view = useSelector(actor, selectView);
  const setup = useSelector(actor, selectSetup);
  const codes = useSelector(actor, selectCodes);
  const status = useSelector(actor, selectStatus);
  const busy = useSelector(actor, selectIsBusy);
  const error = useSelector(actor, selectError);

  useEmitted(actor, {
    enabled: () => notify.success('Two-step sign-in is on', TOAST_TOPIC),
    disabled: () => notify.success('Two-step sign-in is off', TOAST_TOPIC),
    codesRenewed: () => notify.success('New recovery codes made', TOAST_TOPIC),
    failed: ({ message }) => notify.error(message, TOAST_TOPIC),
  });

  return (
    <SecurityCard aria-labelledby="two-step-title">
      <h2 id="two-step-title">Two-step sign-in</h2>
      <p className="lead">
        After your password, sign-in asks for a code from an authenticator app on your phone.
      </p>
      {view === 'loading' && <Spinner />}
      {view === 'failed' && (
        <ListError text={error ?? ''} onRetry={() => actor.send({ type: 'RETRY' })} />
      )}
      {view === 'off' && (
        <Row>
          <Button loading={busy} onClick={() => actor.send({ type: 'START' })}>
            Turn on two-step sign-in
          </Button>
        </Row>
      )}
      {view === 'secret' && setup && (
        <>
          <p>Scan this QR code with your authenticator app, or type the key into it.</p>
          <Qr src={setup.qrCode} alt="QR code for your authenticator app" />
          <p>
            Key: <Secret aria-label="Secret key">{setup.secret}</Secret>
          </p>
          <CodeForm
            actor={actor}
            label="Code from the app"
            submitLabel="Confirm"
            hint="The 6-digit code the app shows now."
          />
        </>
      )}
      {view === 'codes' && (
        <RecoveryCodesPanel codes={codes} onDone={() => actor.send({ type: 'DONE' })} />
      )}
      {view === 'on' && (
        <>
          <p>Two-step sign-in is on. Recovery codes left: {status?.recoveryCodesLeft ?? 0}.</p>
          <Row>
            <Button variant="secondary" onClick={() => actor.send({ type: 'NEW_CODES' })}>
              Make new recovery codes
            </Button>
            <Button variant="danger" onClick={() => actor.send({ type: 'DISABLE' })}>
              Turn off
            </Button>
          </Row>
        </>
      )}
      {view === 'renewing' && (
        <CodeForm
          actor={actor}
          label="Code from your authenticator app"
          submitLabel="Make new codes"
          hint="Your current recovery codes will stop working."
        />
      )}
      {view === 'disabling' && (
        <CodeForm
          actor={actor}
          label="Code from your authenticator app or a recovery code"
          submitLabel="Turn off"
        />
      )}
    </SecurityCard>
  );
}
