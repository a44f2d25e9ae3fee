/**
 * The four-step signup wizard (spec "Signup screen"). The chart owns the step, what Continue may
 * do, each field's problem and the busy state; this view renders the current step and sends the
 * user's actions. Two small hooks tie it to the browser: the step lives in the address
 * (use-step-address.ts) and what was typed, but the password, survives a reload (signup-draft.ts).
 */
import { useCallback, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { notify } from '../../notify';
import { Link, useLocation } from 'wouter';
import { SIGNUP_STEPS } from '../../../machines/constants';
import { MESSAGES, SIGNUP_STEP_TITLES } from '../../../machines/messages';
import { signupMachine } from '../../../machines/signup.machine';
import {
  selectAvatar,
  selectCanContinue,
  selectCover,
  selectDraft,
  selectError,
  selectFieldErrors,
  selectFields,
  selectImageError,
  selectIsBusy,
  selectIsCheckingImage,
  selectIsConfirming,
  selectIsLoadingDefault,
  selectStep,
  selectStepLabel,
  selectUsesDefaultAvatar,
  selectUsesDefaultCover,
} from '../../../machines/signup.selectors';
import type { SignupDraft, SignupField } from '../../../machines/signup.types';
import { usePageActors } from '../../actors';
import { accountActors } from '../../api/account';
import { useSessionRef } from '../../session';
import { Button } from '../../ui/button';
import { FormActions, FormError } from '../../ui/form';
import { MotionRoot } from '../../ui/motion-root';
import { LIMITS } from '../../../contract/limits';
import { TextFields, type FieldSpec } from '../../ui/text-fields';
import { useObjectUrl } from '../../use-object-url';
import { CardFooter } from './auth-shell';
import { clearSignupDraft, readSignupDraft, saveSignupDraft } from './signup-draft';
import { DEFAULT_AVATAR, DEFAULT_COVER, SignupImageStep } from './signup-image-step';
import {
  AvatarPreview,
  CoverPreview,
  Header,
  Note,
  Progress,
  Review,
  Step,
} from './signup-wizard.styles';
import { useEmitted } from '../../use-emitted';
import { useStepAddress } from './use-step-address';

const FIELDS: FieldSpec<SignupField>[] = [
  { field: 'fullName', label: 'Full name', type: 'text', autoComplete: 'name' },
  {
    field: 'userName',
    label: 'Username',
    type: 'text',
    autoComplete: 'username',
    hint: '3–30 characters: letters, digits, _ and .',
  },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  {
    field: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 8 characters',
    maxLength: LIMITS.password.max,
  },
];

const sameErrors = (a: Record<string, string | undefined>, b: Record<string, string | undefined>) =>
  JSON.stringify(a) === JSON.stringify(b);
const sameDraft = (a: SignupDraft, b: SignupDraft) =>
  a.fullName === b.fullName && a.userName === b.userName && a.email === b.email;

export function SignupWizard() {
  const actors = usePageActors(accountActors);
  const session = useSessionRef();
  const [, navigate] = useLocation();
  const actor = useActorRef(
    signupMachine.provide({
      actors: {
        loadDefaultImage: actors.loadDefaultImage,
        decodeImage: actors.decodeImage,
        checkAvailability: actors.checkAvailability,
        register: actors.register,
        login: actors.login,
      },
    }),
    { input: { draft: readSignupDraft() } },
  );
  const step = useSelector(actor, selectStep);
  const stepText = useSelector(actor, selectStepLabel);
  const canContinue = useSelector(actor, selectCanContinue);
  const confirming = useSelector(actor, selectIsConfirming);
  const busy = useSelector(actor, selectIsBusy);
  const loadingDefault = useSelector(actor, selectIsLoadingDefault);
  const checkingImage = useSelector(actor, selectIsCheckingImage);
  const fields = useSelector(actor, selectFields);
  const fieldErrors = useSelector(actor, selectFieldErrors, sameErrors);
  const draft = useSelector(actor, selectDraft, sameDraft);
  const error = useSelector(actor, selectError);
  const imageError = useSelector(actor, selectImageError);
  const usesDefaultAvatar = useSelector(actor, selectUsesDefaultAvatar);
  const usesDefaultCover = useSelector(actor, selectUsesDefaultCover);
  const avatarUrl = useObjectUrl(useSelector(actor, selectAvatar));
  const coverUrl = useObjectUrl(useSelector(actor, selectCover));

  useEffect(() => saveSignupDraft(draft), [draft]);
  useStepAddress(
    step,
    SIGNUP_STEPS,
    useCallback(
      (addressStep: number) => {
        actor.send({ type: 'URL_STEP', step: addressStep });
        return selectStep(actor.getSnapshot());
      },
      [actor],
    ),
  );

  useEmitted(actor, {
    registered: () => {
      clearSignupDraft();
      notify.success(MESSAGES.registerSucceeded);
    },
    registerFailed: () => notify.error(MESSAGES.registerFailed),
    signedIn: ({ user }) => {
      // Leave the public-only /signup before the session turns "signed in" (it would
      // otherwise redirect to / first).
      navigate('/TermsAndConditions');
      session.send({ type: 'SIGNED_IN', user });
      notify.success(MESSAGES.loginSucceeded);
    },
    loginAfterRegisterFailed: () => {
      notify.error(MESSAGES.loginFailed);
      navigate('/login');
    },
  });

  const send = (event: Parameters<typeof actor.send>[0]) => actor.send(event);
  const back = (
    <Button variant="secondary" onClick={() => send({ type: 'BACK' })} disabled={busy}>
      {MESSAGES.back}
    </Button>
  );
  const imageStep = (kind: 'avatar' | 'cover') => (
    <SignupImageStep
      kind={kind}
      url={kind === 'avatar' ? avatarUrl : coverUrl}
      error={imageError}
      checking={checkingImage}
      loadingDefault={loadingDefault}
      onFile={(file) => send({ type: 'IMAGE_PICKED', file })}
      onUseDefault={() => send({ type: 'USE_DEFAULT' })}
    />
  );

  return (
    <MotionRoot>
      <Header>
        <h1>Create your account</h1>
        <p aria-live="polite">{stepText}</p>
        <Progress $step={step} aria-hidden="true" />
      </Header>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send(step === SIGNUP_STEPS - 1 ? { type: 'SUBMIT' } : { type: 'CONTINUE' });
        }}
      >
        <Step
          key={step}
          initial={{ opacity: 0, x: 24 }}
          animate={{ opacity: 1, x: 0 }}
          transition={{ duration: 0.2 }}
        >
          <h2>{SIGNUP_STEP_TITLES[step]}</h2>
          {step === 0 && (
            <TextFields
              specs={FIELDS}
              values={fields}
              errorOf={(field) => fieldErrors[field] ?? null}
              onChange={(field, value) => send({ type: 'FIELD_CHANGED', field, value })}
              onLeave={(field) => send({ type: 'FIELD_LEFT', field })}
            />
          )}
          {step === 1 && imageStep('avatar')}
          {step === 2 && imageStep('cover')}
          {step === 3 && (
            <>
              <CoverPreview src={coverUrl ?? DEFAULT_COVER} alt="Cover image" />
              <AvatarPreview src={avatarUrl ?? DEFAULT_AVATAR} alt="Profile picture" />
              {usesDefaultAvatar && <Note>{MESSAGES.usingDefaultAvatar}</Note>}
              {usesDefaultCover && <Note>{MESSAGES.usingDefaultCover}</Note>}
              <Review>
                <dt>Full name</dt>
                <dd>{fields.fullName}</dd>
                <dt>Username</dt>
                <dd>{fields.userName}</dd>
                <dt>Email</dt>
                <dd>{fields.email}</dd>
              </Review>
              <Button variant="ghost" onClick={() => send({ type: 'EDIT' })} disabled={busy}>
                {MESSAGES.edit}
              </Button>
            </>
          )}
          {step === 3 && <FormError message={error} />}
          <FormActions $split>
            {step > 0 && back}
            {step < SIGNUP_STEPS - 1 ? (
              <Button type="submit" disabled={!canContinue} loading={confirming}>
                {MESSAGES.continue}
              </Button>
            ) : (
              <Button type="submit" loading={busy}>
                {MESSAGES.completeRegistration}
              </Button>
            )}
          </FormActions>
        </Step>
      </form>
      <CardFooter>
        Already have an account? <Link href="/login">Sign In</Link>
      </CardFooter>
    </MotionRoot>
  );
}
