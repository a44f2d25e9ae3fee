/**
 * The four-step signup wizard (spec §2 "Signup screen", §4, §5; issue 22): basicInfo (step 0),
 * profilePicture (1), coverImage (2), review (3), then registering → loggingIn → done.
 * Implementations are named in signup.setup.ts, the field rules are in signup-fields.ts, the two
 * picture steps are made by signup-image-step.ts.
 *
 * Input:   { draft } — the fields a reload restored (never the password), or undefined. Step 0 is
 *          entered through the same pause as typing, after which values not yet asked about (a
 *          restored draft, a check that failed before) are asked about.
 * Events:
 *   FIELD_CHANGED {field, value}  typing in step 0; a user name or email that passes the rules and
 *                                 was not asked about is checked with the server once typing
 *                                 pauses for AVAILABILITY_CHECK_DELAY_MS (`availabilityDelay`)
 *   FIELD_LEFT {field}            focus left a field of step 0: its problems show from now on
 *   CONTINUE                      step 0: every field must pass the contract's rules and neither
 *                                 the user name nor the email be taken (a refusal shows every
 *                                 problem); an unknown availability is asked first (confirming).
 *                                 Image steps: without a picked image it uses the default
 *   BACK                          one step backward (steps 1..3)
 *   URL_STEP {step}               the browser's Back/Forward changed the address: an earlier step
 *                                 is gone back to, the next one is a CONTINUE, others are ignored
 *   IMAGE_PICKED {file}           a file for the current image step: its type, size and bytes are
 *                                 checked at once, then the browser decodes it (checkingImage)
 *   USE_DEFAULT                   'Use Default Image': loads the default picture, then advances
 *   EDIT                          'Edit' on review: back to step 0, nothing is lost
 *   SUBMIT                        'Complete Registration' on review
 * Emitted:
 *   registered {user}             the account exists → view toasts MESSAGES.registerSucceeded
 *   registerFailed {reason}       → view toasts MESSAGES.registerFailed; a refused field takes the
 *                                 wizard to its step with the server's sentence beside it
 *   signedIn {user}               the automatic login worked → view sends SIGNED_IN {user} to the
 *                                 session and navigates to /TermsAndConditions
 *   loginAfterRegisterFailed {reason}  → view navigates to /login
 * Actors (provided by src/): loadDefaultImage ('avatar' | 'cover' → Blob), decodeImage (Blob →
 * void, rejects for a file that is no picture), checkAvailability ({userName?, email?} →
 * {userName?, email?: 'taken' | 'available'}), register (RegisterInput → User), login.
 *
 * Choices where the spec is silent: a failed availability check says nothing (the registration
 * still answers a taken name with its 409, which brings the person back to step 0 with the reason
 * beside the field); a rule's problem shows once the field was left or Continue was pressed, a
 * taken name as soon as the server said so.
 */
import type { ErrorActorEvent } from 'xstate';
import { imageStep } from './signup-image-step.js';
import { signup, initialContext } from './signup.setup.js';
import { SIGNUP_FIELDS, pendingQuery, trimmedFields } from './signup-fields.js';
import { errorMessage } from './validation.js';
import { MESSAGES } from './messages.js';

/** A refused registration: each refusal beside its field, and the view's toast. */
const refuseRegistration = {
  type: 'refuseRegistration',
  params: ({ event }: { event: ErrorActorEvent }) => event.error,
} as const;

export const signupMachine = signup.createMachine({
  id: 'signup',
  context: ({ input }) => initialContext(input),
  initial: 'basicInfo',
  states: {
    basicInfo: {
      entry: 'clearError',
      // A restored draft, or a check that failed before, leaves values to ask about: asked
      // after the same pause as typing.
      initial: 'debouncing',
      on: {
        FIELD_CHANGED: [
          { guard: 'changeNeedsCheck', target: '.debouncing', reenter: true, actions: 'setField' },
          // A user name or email that needs no check (invalid, or answered before): none runs.
          { guard: 'changesIdentity', target: '.idle', actions: 'setField' },
          { actions: 'setField' },
        ],
        FIELD_LEFT: { actions: 'showField' },
        CONTINUE: [
          { guard: 'hasBasicProblems', actions: 'showAllFields' },
          { guard: 'availabilityUnknown', target: '.confirming' },
          { target: 'profilePicture' },
        ],
        URL_STEP: { guard: { type: 'urlStepIs', params: 1 }, actions: 'continueByAddress' },
      },
      states: {
        /** Nothing to ask the server. */
        idle: {},
        /** A user name or email was typed: wait for a pause before asking. */
        debouncing: {
          after: {
            availabilityDelay: [
              { guard: 'availabilityUnknown', target: 'checking' },
              { target: 'idle' },
            ],
          },
        },
        checking: {
          invoke: {
            id: 'checkAvailability',
            src: 'checkAvailability',
            input: ({ context }) => pendingQuery(context),
            onDone: {
              target: 'idle',
              actions: { type: 'rememberAvailability', params: ({ event }) => event.output },
            },
            // Unknown stays unknown: Continue asks again, registering has the last word.
            onError: 'idle',
          },
        },
        /**
         * Continue was pressed before the server answered: ask now, go on when both are free
         * and nothing else was broken meanwhile (the person may type while waiting).
         */
        confirming: {
          tags: 'confirming',
          invoke: {
            id: 'checkAvailability',
            src: 'checkAvailability',
            input: ({ context }) => pendingQuery(context),
            onDone: [
              {
                guard: { type: 'answerLeavesProblems', params: ({ event }) => event.output },
                target: 'idle',
                actions: [
                  { type: 'rememberAvailability', params: ({ event }) => event.output },
                  'showAllFields',
                ],
              },
              {
                target: '#signup.profilePicture',
                actions: { type: 'rememberAvailability', params: ({ event }) => event.output },
              },
            ],
            onError: [
              { guard: 'hasBasicProblems', target: 'idle', actions: 'showAllFields' },
              { target: '#signup.profilePicture' },
            ],
          },
        },
      },
    },
    profilePicture: imageStep('avatar', {
      back: '#signup.basicInfo',
      next: '#signup.coverImage',
      index: 1,
      earlier: ['#signup.basicInfo'],
    }),
    coverImage: imageStep('cover', {
      back: '#signup.profilePicture',
      next: '#signup.review',
      index: 2,
      earlier: ['#signup.basicInfo', '#signup.profilePicture'],
    }),
    review: {
      on: {
        EDIT: 'basicInfo',
        BACK: 'coverImage',
        SUBMIT: 'registering',
        URL_STEP: [
          { guard: { type: 'urlStepIs', params: 0 }, target: 'basicInfo' },
          { guard: { type: 'urlStepIs', params: 1 }, target: 'profilePicture' },
          { guard: { type: 'urlStepIs', params: 2 }, target: 'coverImage' },
        ],
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
        // A refusal that names a field goes to the step that shows it; any other stays here.
        onError: [
          {
            guard: {
              type: 'refused',
              params: ({ event }) => ({ fields: SIGNUP_FIELDS, error: event.error }),
            },
            target: 'basicInfo',
            actions: refuseRegistration,
          },
          {
            guard: {
              type: 'refused',
              params: ({ event }) => ({ fields: ['avatar'], error: event.error }),
            },
            target: 'profilePicture',
            actions: refuseRegistration,
          },
          {
            guard: {
              type: 'refused',
              params: ({ event }) => ({ fields: ['coverImage'], error: event.error }),
            },
            target: 'coverImage',
            actions: refuseRegistration,
          },
          {
            target: 'review',
            actions: refuseRegistration,
          },
        ],
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
