/**
 * The four-step signup wizard (spec §2 "Signup screen", §4, §5): basicInfo (step 0),
 * profilePicture (1), coverImage (2), review (3), then registering → loggingIn → done.
 *
 * Events:
 *   FIELD_CHANGED {field, value}  typing in step 0 (fullName, userName, email, password)
 *   CONTINUE                      'Continue': step 0 only when all four fields are non-blank;
 *                                 on the image steps without a picked image it uses the default
 *   BACK                          'Back': one step backward (steps 1..3)
 *   IMAGE_PICKED {file}           a file was picked for the current image step (image/* only;
 *                                 anything else is refused with MESSAGES.imagesOnly in `error`)
 *   USE_DEFAULT                   'Use Default Image': loads the default picture, then advances
 *   EDIT                          'Edit' on review: back to step 0 (basicInfo), nothing is lost
 *   SUBMIT                        'Complete Registration' on review
 * Emitted:
 *   registered {user}             the account exists → view toasts MESSAGES.registerSucceeded
 *   registerFailed {reason}       → view toasts MESSAGES.registerFailed; the wizard is back on review
 *   signedIn {user}               the automatic login worked → view sends SIGNED_IN {user} to the
 *                                 session and navigates to /TermsAndConditions
 *   loginAfterRegisterFailed {reason}  → view navigates to /login
 * Actors (provided by src/): loadDefaultImage ('avatar' | 'cover' → Blob), register
 * (RegisterInput → User), login (Credentials → User).
 * Its fields, context, events and emissions are in signup.types.ts; what the views read, in
 * signup.selectors.ts: selectStep (0..3), selectStepLabel ('Step n of 4'), selectCanContinue,
 * selectIsBusy, selectAvatar / selectCover (Blob | null, for previews), selectUsesDefaultAvatar /
 * selectUsesDefaultCover (review notes), selectError, selectIsLoadingDefault, selectIsDone.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { User } from '../contract/shapes.js';
import { MESSAGES } from './messages.js';
import type { Credentials } from './sign-in.machine.js';
import {
  basicInfoFilled,
  emptyFields,
  trimmedFields,
  type ImageKind,
  type ImageSource,
  type RegisterInput,
  type SignupContext,
  type SignupEmitted,
  type SignupEvent,
} from './signup.types.js';
import { errorMessage, isImageFile } from './validation.js';

/** The context fields of one image step's picture. */
function imageFields(kind: ImageKind, image: Blob | null, source: ImageSource) {
  return kind === 'avatar'
    ? { avatar: image, avatarSource: source }
    : { cover: image, coverSource: source };
}

const signup = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    emitted: {} as SignupEmitted,
  },
  actors: {
    loadDefaultImage: fromPromise<Blob, ImageKind>(() => {
      throw new Error('loadDefaultImage actor not provided');
    }),
    register: fromPromise<User, RegisterInput>(() => {
      throw new Error('register actor not provided');
    }),
    login: fromPromise<User, Credentials>(() => {
      throw new Error('login actor not provided');
    }),
  },
  guards: {
    basicInfoFilled: ({ context }) => basicInfoFilled(context),
    pickedImage: ({ event }) => {
      assertEvent(event, 'IMAGE_PICKED');
      return isImageFile(event.file);
    },
    hasPicked: ({ context }, kind: ImageKind) =>
      (kind === 'avatar' ? context.avatarSource : context.coverSource) === 'picked',
  },
  actions: {
    setField: assign(({ event }) => {
      assertEvent(event, 'FIELD_CHANGED');
      return { [event.field]: event.value };
    }),
    pickImage: assign((_, { kind, file }: { kind: ImageKind; file: Blob }) =>
      imageFields(kind, file, 'picked'),
    ),
    // A failed default load still means "default": the server makes its own, the view shows none.
    useDefaultImage: assign((_, { kind, image }: { kind: ImageKind; image: Blob | null }) =>
      imageFields(kind, image, 'default'),
    ),
    refuseFile: assign({ error: MESSAGES.imagesOnly }),
    clearError: assign({ error: null }),
    rememberError: assign({ error: (_, message: string) => message }),
    announceRegistered: emit((_, user: User) => ({ type: 'registered' as const, user })),
    announceRegisterFailed: emit((_, reason: string) => ({
      type: 'registerFailed' as const,
      reason,
    })),
    announceSignedIn: emit((_, user: User) => ({ type: 'signedIn' as const, user })),
    announceLoginFailed: emit((_, reason: string) => ({
      type: 'loginAfterRegisterFailed' as const,
      reason,
    })),
  },
});

/**
 * The profile-picture and cover steps are the same step for a different picture: pick a file
 * (images only), or Continue / 'Use Default Image' to load the bundled default, then `next`.
 */
function imageStep(kind: ImageKind, { back, next }: { back: string; next: string }) {
  return signup.createStateConfig({
    initial: 'choosing',
    entry: 'clearError',
    states: {
      choosing: {
        on: {
          IMAGE_PICKED: [
            {
              guard: 'pickedImage',
              actions: [
                'clearError',
                { type: 'pickImage', params: ({ event }) => ({ kind, file: event.file }) },
              ],
            },
            { actions: 'refuseFile' },
          ],
          // Continue without a picked image: the wizard uses the default, as the spec's
          // screen does ("defaulting to bundled images when none chosen").
          CONTINUE: [
            { guard: { type: 'hasPicked', params: kind }, target: next },
            { target: 'loadingDefault' },
          ],
          USE_DEFAULT: 'loadingDefault',
          BACK: back,
        },
      },
      loadingDefault: {
        tags: 'loadingDefault',
        invoke: {
          id: 'loadDefaultImage',
          src: 'loadDefaultImage',
          input: kind,
          onDone: {
            target: next,
            actions: {
              type: 'useDefaultImage',
              params: ({ event }) => ({ kind, image: event.output }),
            },
          },
          onError: {
            target: next,
            actions: { type: 'useDefaultImage', params: { kind, image: null } },
          },
        },
      },
    },
  });
}

export const signupMachine = signup.createMachine({
  id: 'signup',
  context: {
    ...emptyFields,
    avatar: null,
    avatarSource: 'none',
    cover: null,
    coverSource: 'none',
    error: null,
  },
  initial: 'basicInfo',
  states: {
    basicInfo: {
      entry: 'clearError',
      on: {
        FIELD_CHANGED: { actions: 'setField' },
        CONTINUE: { guard: 'basicInfoFilled', target: 'profilePicture' },
      },
    },
    profilePicture: imageStep('avatar', { back: '#signup.basicInfo', next: '#signup.coverImage' }),
    coverImage: imageStep('cover', { back: '#signup.profilePicture', next: '#signup.review' }),
    review: {
      on: {
        EDIT: 'basicInfo',
        BACK: 'coverImage',
        SUBMIT: 'registering',
      },
    },
    registering: {
      tags: 'busy',
      entry: 'clearError',
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({
          ...trimmedFields(context),
          // Defaults are not uploaded: the server makes its own default images.
          avatar: context.avatarSource === 'picked' ? context.avatar : null,
          coverImage: context.coverSource === 'picked' ? context.cover : null,
        }),
        onDone: {
          target: 'loggingIn',
          actions: { type: 'announceRegistered', params: ({ event }) => event.output },
        },
        onError: {
          target: 'review',
          actions: [
            {
              type: 'rememberError',
              params: ({ event }) => errorMessage(event.error, MESSAGES.registerFailed),
            },
            {
              type: 'announceRegisterFailed',
              params: ({ event }) => errorMessage(event.error, MESSAGES.registerFailed),
            },
          ],
        },
      },
    },
    loggingIn: {
      tags: 'busy',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => {
          const { userName, email, password } = trimmedFields(context);
          return { userName, email, password };
        },
        onDone: {
          target: 'done',
          actions: { type: 'announceSignedIn', params: ({ event }) => event.output },
        },
        onError: {
          target: 'loginFailed',
          actions: {
            type: 'announceLoginFailed',
            params: ({ event }) => errorMessage(event.error, MESSAGES.loginFailed),
          },
        },
      },
    },
    /** Registered and signed in: the view has navigated away. */
    done: { type: 'final' },
    /** Registered but the automatic login failed: the view has navigated to /login. */
    loginFailed: { type: 'final' },
  },
});
