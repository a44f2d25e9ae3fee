/**
 * Settings → Two-step sign-in (issue 32): an authenticator app's TOTP (SHA-1, 6 digits, 30 s)
 * and ten single-use recovery codes. Setting up shows the secret once (QR and text); the first
 * right code turns it on and answers the recovery codes, also shown once. Making new codes and
 * turning it off each ask for a code. The sign-in side is contract/second-step.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ClosedBody } from './common.js';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;

export const TwoStepStatus = Type.Object({
  enabled: Type.Boolean(),
  /** Unused recovery codes; 0 while off. */
  recoveryCodesLeft: Type.Integer({ minimum: 0 }),
});
export type TwoStepStatus = Static<typeof TwoStepStatus>;

/** Shown once, while setting up: never answered again. */
export const TwoStepSetup = Type.Object({
  /** Base32, for typing into the app by hand. */
  secret: Type.String(),
  /** The otpauth:// address the QR code holds. */
  otpauthUrl: Type.String(),
  /** The QR code as an SVG data URL (made on the server: the SPA ships no QR encoder). */
  qrCode: Type.String(),
});
export type TwoStepSetup = Static<typeof TwoStepSetup>;

export const RecoveryCodes = Type.Object({
  /** xxxx-xxxx, shown once; only their hashes are kept. */
  recoveryCodes: Type.Array(Type.String()),
});
export type RecoveryCodes = Static<typeof RecoveryCodes>;

/** A code from the authenticator app (or, to turn two-step off, a recovery code). */
export const TwoStepCodeBody = ClosedBody(
  Type.Object({ code: Type.String({ minLength: 1, maxLength: 32 }) }),
);
export type TwoStepCodeBody = Static<typeof TwoStepCodeBody>;

export const TWO_STEP_MESSAGES = {
  status: 'Two-step sign-in status fetched',
  setupStarted: 'Scan the code with your authenticator app',
  enabled: 'Two-step sign-in is on',
  disabled: 'Two-step sign-in is off',
  newCodes: 'New recovery codes made',
  alreadyOn: 'Two-step sign-in is already on',
  notOn: 'Two-step sign-in is not on',
  noSetup: 'Start setting up two-step sign-in first',
  wrongCode: 'That code is not right. Try again.',
} as const;
