/**
 * The signup wizard's implementations, named for its chart (signup.machine.ts): its actors, the
 * delay before an availability check, its guards and its actions. The rules they apply are the
 * pure functions of signup-fields.ts and image-file-check.ts.
 */
import { assertEvent, assign, emit, enqueueActions, fromPromise, raise, setup } from 'xstate';
import type { User } from '../contract/shapes.js';
import { AVAILABILITY_CHECK_DELAY_MS } from './constants.js';
import { MESSAGES } from './messages.js';
import { imageFileProblem, unreadableImageProblem, type ImageField } from './image-file-check.js';
import type { Credentials } from './sign-in.machine.js';
import {
  IDENTITY_FIELDS,
  SIGNUP_FIELDS,
  forgetRefused,
  hasBasicProblems,
  isEmptyQuery,
  noAvailability,
  pendingQuery,
  restoredFields,
  withAnswer,
} from './signup-fields.js';
import type {
  AvailabilityBody,
  AvailabilityData,
  ImageKind,
  ImageSource,
  RegisterInput,
  SignupContext,
  SignupEmitted,
  SignupEvent,
  SignupField,
  SignupInput,
} from './signup.types.js';
import { errorMessage, fieldErrorsOf } from './validation.js';

/** The context fields of one image step's picture. */
function imageFields(kind: ImageKind, image: Blob | null, source: ImageSource) {
  return kind === 'avatar'
    ? { avatar: image, avatarSource: source }
    : { cover: image, coverSource: source };
}

/** The API field of an image step's picture. */
export const imageFieldOf = (kind: ImageKind): 'avatar' | 'coverImage' =>
  kind === 'avatar' ? 'avatar' : 'coverImage';

const isIdentity = (field: SignupField) => (IDENTITY_FIELDS as readonly string[]).includes(field);

/** The context's server refusals without `field`'s: the person changed that field. */
function withoutRefusal(context: SignupContext, field: SignupField | 'avatar' | 'coverImage') {
  const { [field]: _fixed, ...rest } = context.serverErrors;
  return rest;
}

export function initialContext(input: SignupInput | undefined): SignupContext {
  const { fields, shown } = restoredFields(input?.draft);
  return {
    ...fields,
    avatar: null,
    avatarSource: 'none',
    cover: null,
    coverSource: 'none',
    pendingImage: null,
    error: null,
    shown,
    availability: noAvailability,
    serverErrors: {},
  };
}

export const signup = setup({
  types: {
    input: {} as SignupInput,
    context: {} as SignupContext,
    events: {} as SignupEvent,
    emitted: {} as SignupEmitted,
  },
  actors: {
    loadDefaultImage: fromPromise<Blob, ImageKind>(() => {
      throw new Error('loadDefaultImage actor not provided');
    }),
    /** Resolves when the browser can decode the file as a picture; rejects otherwise. */
    decodeImage: fromPromise<void, Blob>(() => {
      throw new Error('decodeImage actor not provided');
    }),
    checkAvailability: fromPromise<AvailabilityData, AvailabilityBody>(() => {
      throw new Error('checkAvailability actor not provided');
    }),
    register: fromPromise<User, RegisterInput>(() => {
      throw new Error('register actor not provided');
    }),
    login: fromPromise<User, Credentials>(() => {
      throw new Error('login actor not provided');
    }),
  },
  delays: {
    availabilityDelay: AVAILABILITY_CHECK_DELAY_MS,
  },
  guards: {
    hasBasicProblems: ({ context }) => hasBasicProblems(context),
    availabilityUnknown: ({ context }) => !isEmptyQuery(pendingQuery(context)),
    /** The change leaves a user name or email to ask the server about. */
    changeNeedsCheck: ({ context, event }) => {
      assertEvent(event, 'FIELD_CHANGED');
      if (!isIdentity(event.field)) return false;
      return !isEmptyQuery(pendingQuery({ ...context, [event.field]: event.value }));
    },
    changesIdentity: ({ event }) => {
      assertEvent(event, 'FIELD_CHANGED');
      return isIdentity(event.field);
    },
    /** With the server's answer known, step 1 still has a problem (a taken name, or typing). */
    answerLeavesProblems: ({ context }, answer: AvailabilityData) =>
      hasBasicProblems({
        ...context,
        availability: withAnswer(context.availability, pendingQuery(context), answer),
      }),
    imageRefused: ({ event }, field: ImageField) => {
      assertEvent(event, 'IMAGE_PICKED');
      return imageFileProblem(field, event.file) !== null;
    },
    hasPicked: ({ context }, kind: ImageKind) =>
      (kind === 'avatar' ? context.avatarSource : context.coverSource) === 'picked',
    urlStepIs: ({ event }, step: number) => {
      assertEvent(event, 'URL_STEP');
      return event.step === step;
    },
    /** The registration was refused because of `field` (step 1's fields, or one picture). */
    refused: (_, { fields, error }: { fields: readonly string[]; error: unknown }) => {
      const refusals = fieldErrorsOf(error);
      return fields.some((field) => refusals[field] !== undefined);
    },
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD_CHANGED');
      return { [event.field]: event.value, serverErrors: withoutRefusal(context, event.field) };
    }),
    showField: assign({
      shown: ({ context, event }) => {
        assertEvent(event, 'FIELD_LEFT');
        return context.shown.includes(event.field)
          ? context.shown
          : [...context.shown, event.field];
      },
    }),
    showAllFields: assign({ shown: SIGNUP_FIELDS }),
    // The identity values are those the check was asked about: changing one leaves the state.
    rememberAvailability: assign({
      availability: ({ context }, answer: AvailabilityData) =>
        withAnswer(context.availability, pendingQuery(context), answer),
    }),
    continueByAddress: raise({ type: 'CONTINUE' }),
    // The picture chosen before (if any) stays; the refusal says why the new one was not taken.
    refuseImage: assign((_, { field, file }: { field: ImageField; file: Blob }) => ({
      pendingImage: null,
      error: imageFileProblem(field, file),
    })),
    holdImage: assign(({ context, event }, field: 'avatar' | 'coverImage') => {
      assertEvent(event, 'IMAGE_PICKED');
      return {
        pendingImage: event.file,
        error: null,
        serverErrors: withoutRefusal(context, field),
      };
    }),
    pickImage: assign(({ context }, kind: ImageKind) => ({
      ...imageFields(kind, context.pendingImage, 'picked'),
      pendingImage: null,
    })),
    refuseUnreadable: assign((_, field: ImageField) => ({
      pendingImage: null,
      error: unreadableImageProblem(field),
    })),
    // A failed default load still means "default": the server makes its own, the view shows none.
    useDefaultImage: assign(
      ({ context }, { kind, image }: { kind: ImageKind; image: Blob | null }) => ({
        ...imageFields(kind, image, 'default'),
        error: null,
        serverErrors: withoutRefusal(context, imageFieldOf(kind)),
      }),
    ),
    clearError: assign({ error: null }),
    /**
     * The server's refusals go beside their fields (the chart has gone to the step that shows
     * them); one that names no field stays on the review step. Either way the view toasts.
     */
    refuseRegistration: enqueueActions(({ context, enqueue }, error: unknown) => {
      const serverErrors = fieldErrorsOf(error);
      const named = Object.keys(serverErrors).length > 0;
      const reason = errorMessage(error, MESSAGES.registerFailed);
      enqueue.assign({
        serverErrors,
        error: named ? null : reason,
        availability: forgetRefused(context, serverErrors),
      });
      enqueue.emit({ type: 'registerFailed', reason });
    }),
    announceRegistered: emit((_, user: User) => ({ type: 'registered' as const, user })),
    announceSignedIn: emit((_, user: User) => ({ type: 'signedIn' as const, user })),
    announceLoginFailed: emit((_, reason: string) => ({
      type: 'loginAfterRegisterFailed' as const,
      reason,
    })),
  },
});
