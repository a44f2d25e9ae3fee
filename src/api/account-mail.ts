/**
 * The real actors of issue 32's mailed-link pages and banner (contract/account-mail.ts): forgot
 * password, reset password, confirm an address, send the confirmation again.
 */
import { fromPromise } from 'xstate';
import type {
  EmailConfirmed,
  PasswordResetBody,
  PasswordResetRequestBody,
} from '../../contract/account-mail';
import { request } from './client';

export const accountMailActors = {
  requestPasswordReset: fromPromise<void, PasswordResetRequestBody>(async ({ input }) => {
    await request<unknown>({ method: 'POST', url: '/users/password-reset/request', data: input });
  }),
  resetPassword: fromPromise<void, PasswordResetBody>(async ({ input }) => {
    await request<unknown>({ method: 'POST', url: '/users/password-reset', data: input });
  }),
  confirmEmail: fromPromise<EmailConfirmed, { token: string }>(({ input }) =>
    request<EmailConfirmed>({ method: 'POST', url: '/users/email-confirmation', data: input }),
  ),
  resendConfirmation: fromPromise<void>(async () => {
    await request<unknown>({ method: 'POST', url: '/users/email-confirmation/resend' });
  }),
};

export type AccountMailActors = typeof accountMailActors;
