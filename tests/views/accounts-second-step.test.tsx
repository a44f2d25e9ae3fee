/**
 * The second step of sign-in (issue 32) on the sign-in page and in the sign-in popup: after a
 * right password, the code; a wrong code says so; a recovery code instead; Back.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SECOND_STEP_MESSAGES, type LoginAnswer } from '../../contract/second-step';
import type { User } from '../../contract/shapes';
import type { Credentials } from '../../machines/sign-in.machine';
import { ApiError } from '../../src/api/client';
import { accountFakes, alice, fake, renderApp } from './app-helpers';

async function fill(
  user: ReturnType<typeof renderApp>['user'],
  scope: HTMLElement,
  values: { userName: string; email: string; password: string },
) {
  const s = within(scope);
  await user.type(s.getByLabelText('Username'), values.userName);
  await user.type(s.getByLabelText('Email'), values.email);
  await user.type(s.getByLabelText('Password'), values.password);
}

const ASKS: LoginAnswer = { secondStep: { ticket: 't.s', methods: ['totp', 'recovery'] } };

function fakesWithSecondStep() {
  return {
    ...accountFakes(),
    signIn: fake<Credentials, LoginAnswer>(() => ASKS),
    verifySecondStep: fake<{ ticket: string; code: string }, User>(({ code }) => {
      if (code !== '123456' && code !== 'abcd-efgh') {
        throw new ApiError(SECOND_STEP_MESSAGES.wrongCode, 401);
      }
      return alice;
    }),
  };
}

describe('second step of sign-in', () => {
  it('asks for the authenticator code after the password, then signs in', async () => {
    const fakes = fakesWithSecondStep();
    const { user, path } = renderApp('/login', fakes);
    await screen.findByRole('button', { name: 'Sign in' });
    await fill(user, document.body, { userName: 'alice', email: 'a@b.co', password: 'pw' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const form = await screen.findByRole('form', { name: 'Two-step verification' });
    const verify = within(form).getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.type(within(form).getByLabelText('Authenticator code'), '000000');
    await user.click(verify);
    expect(await within(form).findByText(SECOND_STEP_MESSAGES.wrongCode)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Authenticator code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('successfully login')).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/'));
    expect(fakes.verifySecondStep.calls).toEqual([
      { ticket: 't.s', code: '000000' },
      { ticket: 't.s', code: '123456' },
    ]);
  });

  it('takes a recovery code instead, and Back returns to the three fields', async () => {
    const fakes = fakesWithSecondStep();
    const { user } = renderApp('/login', fakes);
    await screen.findByRole('button', { name: 'Sign in' });
    await fill(user, document.body, { userName: 'alice', email: 'a@b.co', password: 'pw' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const form = await screen.findByRole('form', { name: 'Two-step verification' });
    await user.click(within(form).getByRole('button', { name: 'Use a recovery code' }));
    expect(within(form).getByLabelText('Recovery code')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Username')).toHaveValue('alice');
    expect(screen.queryByRole('form', { name: 'Two-step verification' })).toBeNull();
  });

  it('starts over on the three fields when the sign-in has expired', async () => {
    const fakes = {
      ...fakesWithSecondStep(),
      verifySecondStep: fake<{ ticket: string; code: string }, User>(() => {
        throw new ApiError(SECOND_STEP_MESSAGES.expired, 401);
      }),
    };
    const { user } = renderApp('/login', fakes);
    await screen.findByRole('button', { name: 'Sign in' });
    await fill(user, document.body, { userName: 'alice', email: 'a@b.co', password: 'pw' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const form = await screen.findByRole('form', { name: 'Two-step verification' });
    await user.type(within(form).getByLabelText('Authenticator code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SECOND_STEP_MESSAGES.expired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
