/**
 * Mailed links of issue 32: forgot password, reset password, confirm an email address, send the
 * confirmation again. A link carries a single-use token (random, stored only as its SHA-256 in
 * `account_tokens`, the newest per account and purpose): the request only queues the mail, and
 * the job that sends it makes the token, so the raw token exists only in the message.
 *
 * POST /users/password-reset/request { email } answers the same whether or not an account uses
 * the address (the job finds nothing to send to). POST /users/password-reset { token, password }
 * sets the password and ends every session of the account. POST /users/email-confirmation
 * { token } confirms the address the link was sent to (a pending new address becomes the
 * account's). POST /users/email-confirmation/resend (signed in) queues the link again.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ClosedBody } from './common.js';
import { Email, Password } from './users.js';

/** A reset link works this long after it was mailed. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
/** A confirmation link works this long after it was mailed. */
export const EMAIL_CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
/** 32 random bytes in base64url are 43 characters; anything longer is not one of ours. */
export const MAIL_TOKEN_MAX_LENGTH = 64;

/** The SPA's pages the mailed links open (`?token=…`). */
export const MAIL_LINK_PATHS = {
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
} as const;

const Token = Type.String({ minLength: 1, maxLength: MAIL_TOKEN_MAX_LENGTH });

export const PasswordResetRequestBody = ClosedBody(Type.Object({ email: Email }));
export type PasswordResetRequestBody = Static<typeof PasswordResetRequestBody>;

export const PasswordResetBody = ClosedBody(Type.Object({ token: Token, password: Password }));
export type PasswordResetBody = Static<typeof PasswordResetBody>;

export const EmailConfirmationBody = ClosedBody(Type.Object({ token: Token }));
export type EmailConfirmationBody = Static<typeof EmailConfirmationBody>;

/** What a confirmation link confirmed: the account's address from now on. */
export const EmailConfirmed = Type.Object({ email: Type.String() });
export type EmailConfirmed = Static<typeof EmailConfirmed>;

/** Answers and refusals of these calls, shown as they are by the SPA. */
export const ACCOUNT_MAIL_MESSAGES = {
  resetRequested:
    'If an account uses this address, we have sent it a link to reset its password. The link works for 30 minutes.',
  passwordReset: 'Your password has been changed. Sign in with your new password.',
  badResetLink:
    'This password reset link is not valid: it has expired, was already used or a newer one was sent. Ask for a new one.',
  emailConfirmed: 'Your email address is confirmed.',
  badConfirmLink:
    'This confirmation link is not valid: it has expired, was already used or a newer one was sent. Send a new one from the banner.',
  otherAccountsLink: 'This link was sent to another account. Sign out, then open it again.',
  confirmationSent: 'We have sent you a new confirmation link.',
  alreadyConfirmed: 'Your email address is already confirmed.',
  confirmToUpload:
    'Confirm your email address to upload videos: open the link we mailed you, or send a new one from the banner at the top of the page.',
  tooManyRequests: 'Too many requests. Try again in a few minutes.',
} as const;

/** Per address (forgot password) and per account (resend): this many mails per window. */
export const MAIL_REQUEST_LIMIT = { max: 3, windowMs: 15 * 60 * 1000 } as const;
