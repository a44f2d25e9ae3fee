/**
 * The four-step signup wizard (spec "Signup screen"). The chart owns the step, what Continue may
 * do and the busy state; this view renders the current step and sends the user's actions.
 */
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
  selectError,
  selectFields,
  selectIsBusy,
  selectIsLoadingDefault,
  selectStep,
  selectStepLabel,
  selectUsesDefaultAvatar,
  selectUsesDefaultCover,
} from '../../../machines/signup.selectors';
import type { SignupField } from '../../../machines/signup.types';
import { useActors } from '../../actors';
import { useSessionRef } from '../../session';
import { Button } from '../../ui/button';
import { FormActions, FormError } from '../../ui/form';
import { MotionRoot } from '../../ui/motion-root';
import { LIMITS } from '../../../contract/limits';
import { TextFields, type FieldSpec } from '../../ui/text-fields';
import { useObjectUrl } from '../../use-object-url';
import { CardFooter } from './auth-shell';
import { ImagePicker } from './image-picker';
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

const DEFAULT_AVATAR = '/default-avatar.png';
const DEFAULT_COVER = '/default-cover.png';

export function SignupWizard() {
  const actors = useActors();
  const session = useSessionRef();
  const [, navigate] = useLocation();
  const actor = useActorRef(
    signupMachine.provide({
      actors: {
        loadDefaultImage: actors.loadDefaultImage,
        register: actors.register,
        login: actors.login,
      },
    }),
  );
  const step = useSelector(actor, selectStep);
  const stepText = useSelector(actor, selectStepLabel);
  const canContinue = useSelector(actor, selectCanContinue);
  const busy = useSelector(actor, selectIsBusy);
  const loadingDefault = useSelector(actor, selectIsLoadingDefault);
  const fields = useSelector(actor, selectFields);
  const error = useSelector(actor, selectError);
  const usesDefaultAvatar = useSelector(actor, selectUsesDefaultAvatar);
  const usesDefaultCover = useSelector(actor, selectUsesDefaultCover);
  const avatarUrl = useObjectUrl(useSelector(actor, selectAvatar));
  const coverUrl = useObjectUrl(useSelector(actor, selectCover));

  useEmitted(actor, {
    registered: () => notify.success(MESSAGES.registerSucceeded),
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
  const imageStep = (kind: 'avatar' | 'cover') => {
    const url = kind === 'avatar' ? avatarUrl : coverUrl;
    return (
      <>
        {kind === 'avatar' ? (
          <AvatarPreview src={url ?? DEFAULT_AVATAR} alt="Profile picture preview" />
        ) : (
          <CoverPreview src={url ?? DEFAULT_COVER} alt="Cover image preview" />
        )}
        <ImagePicker
          label={kind === 'avatar' ? 'Choose profile picture' : 'Choose cover image'}
          onFile={(file) => send({ type: 'IMAGE_PICKED', file })}
          disabled={loadingDefault}
        />
        <Button
          variant="ghost"
          onClick={() => send({ type: 'USE_DEFAULT' })}
          loading={loadingDefault}
        >
          {MESSAGES.useDefaultImage}
        </Button>
      </>
    );
  };

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
              onChange={(field, value) => send({ type: 'FIELD_CHANGED', field, value })}
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
          <FormError message={error} />
          <FormActions $split>
            {step > 0 && back}
            {step < SIGNUP_STEPS - 1 ? (
              <Button type="submit" disabled={!canContinue}>
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
