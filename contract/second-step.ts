/**
 * Two-step sign-in (issue 32). When an account has two-step sign-in on, POST /users/login checks
 * the three fields as before and then, instead of signing in, answers `{ secondStep }`: a ticket
 * for this one sign-in and the ways the account can finish it. The client finishes with
 * POST /users/login/second-step (an authenticator code or a recovery code) or with a passkey
 * (POST /users/passkeys/sign-in with the ticket); either answers as login does, cookies included.
 * A ticket lives SECOND_STEP_TTL_MS, takes SECOND_STEP_MAX_ATTEMPTS wrong codes, and works once.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ClosedBody, LiteralUnion } from './common.js';
import { LoginData } from './users.js';

export const SECOND_STEP_TTL_MS = 5 * 60 * 1000;
export const SECOND_STEP_MAX_ATTEMPTS = 5;
/** `${id}.${secret}`, both base64url: far below this. */
export const TICKET_MAX_LENGTH = 200;

export const SECOND_STEP_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

export const SecondStepRequired = Type.Object({
  secondStep: Type.Object({
    ticket: Type.String({ maxLength: TICKET_MAX_LENGTH }),
    methods: Type.Array(LiteralUnion(SECOND_STEP_METHODS)),
  }),
});
export type SecondStepRequired = Static<typeof SecondStepRequired>;

/** What POST /users/login answers: the signed-in user, or the second step still to take. */
export const LoginAnswer = Type.Union([LoginData, SecondStepRequired]);
export type LoginAnswer = Static<typeof LoginAnswer>;

export const SecondStepBody = ClosedBody(
  Type.Object({
    ticket: Type.String({ minLength: 1, maxLength: TICKET_MAX_LENGTH }),
    /** Six digits from the authenticator app, or one recovery code (dashes and spaces ignored). */
    code: Type.String({ minLength: 1, maxLength: 32 }),
  }),
);
export type SecondStepBody = Static<typeof SecondStepBody>;

export const SECOND_STEP_MESSAGES = {
  required: 'Two-step verification required',
  wrongCode: 'That code is not right. Try again.',
  expired: 'This sign-in has expired. Sign in again.',
  tooManyAttempts: 'Too many wrong codes. Sign in again.',
} as const;
