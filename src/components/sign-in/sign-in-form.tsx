/**
 * The three-field sign-in form shared by the sign-in page and the sign-in popup. The chart decides
 * when Sign in is enabled and when it is busy; the view only renders that and sends events.
 */
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { notify } from '../../notify';
import styled from 'styled-components';
import { Link } from 'wouter';
import { MESSAGES } from '../../../machines/messages';
import {
  selectCanSubmit,
  selectError,
  selectIsBusy,
  selectSecondStep,
  signInMachine,
  type SignInField,
} from '../../../machines/sign-in.machine';
import type { User } from '../../../contract/shapes';
import { usePageActors } from '../../actors';
import { accountActors } from '../../api/account';
import { useSessionRef } from '../../session';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form';
import { TextFields, type FieldSpec } from '../../ui/text-fields';
import { useEmitted } from '../../use-emitted';
import { SecondStepForm } from './second-step-form';

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

const ForgotLink = styled(Link)`
  justify-self: center;
`;

const TOAST_TOPIC = 'sign-in';

const FIELDS: FieldSpec<SignInField>[] = [
  { field: 'userName', label: 'Username', type: 'text', autoComplete: 'username' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { field: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
];

/**
 * `focusFirstField`: the sign-in page starts in Username, as the popup does (src/ui/modal.tsx
 * focuses a dialog's first field itself).
 */
export function SignInForm({
  onSignedIn,
  focusFirstField = false,
}: {
  onSignedIn: (user: User) => void;
  focusFirstField?: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusFirstField) form.current?.querySelector('input')?.focus();
  }, [focusFirstField]);
  const { signIn, verifySecondStep } = usePageActors(accountActors);
  const session = useSessionRef();
  const actor = useActorRef(signInMachine.provide({ actors: { login: signIn, verifySecondStep } }));
  const canSubmit = useSelector(actor, selectCanSubmit);
  const busy = useSelector(actor, selectIsBusy);
  const error = useSelector(actor, selectError);
  const values = useSelector(actor, (s) => s.context);
  const secondStep = useSelector(actor, selectSecondStep);

  useEmitted(actor, {
    signedIn: ({ user }) => {
      // Navigate first: the route that renders next must not be a public-only page that
      // would redirect on its own once the session says "signed in".
      onSignedIn(user);
      session.send({ type: 'SIGNED_IN', user });
      notify.success(MESSAGES.loginSucceeded, TOAST_TOPIC);
    },
    signInFailed: () => notify.error(MESSAGES.loginFailed, TOAST_TOPIC),
  });

  // Issue 32: after a right password, an account with two-step sign-in asks for a code here.
  if (secondStep) return <SecondStepForm actor={actor} secondStep={secondStep} />;

  return (
    <Form
      ref={form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (canSubmit) notify.newAttempt(TOAST_TOPIC);
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <TextFields
        specs={FIELDS}
        values={values}
        disabled={busy}
        onChange={(field, value) => actor.send({ type: 'FIELD_CHANGED', field, value })}
      />
      <FormError message={error} />
      <Button type="submit" block disabled={!canSubmit} loading={busy}>
        Sign in
      </Button>
      {/* Issue 32: beside the spec's three fields, on the page and in the popup alike. */}
      <ForgotLink href="/forgot-password">Forgot password?</ForgotLink>
    </Form>
  );
}
