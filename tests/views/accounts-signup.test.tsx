import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../contract/shapes';
import type { Credentials } from '../../machines/sign-in.machine';
import type { RegisterInput } from '../../machines/signup.types';
import { ApiError } from '../../src/api/client';
import { accountFakes, fake, png, renderApp, textFile } from './app-helpers';

type Setup = ReturnType<typeof renderApp>;

async function fillBasics({ user }: Setup) {
  await user.type(await screen.findByLabelText('Full name'), 'Alice Example');
  await user.type(screen.getByLabelText('Username'), 'alice');
  await user.type(screen.getByLabelText('Email'), 'alice@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret123');
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('signup wizard', () => {
  it('walks the four steps with their indicator and titles', async () => {
    const app = renderApp('/signup');
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Basic Information' })).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await fillBasics(app);
    // Blank after trimming still blocks Continue.
    await app.user.clear(screen.getByLabelText('Full name'));
    await app.user.type(screen.getByLabelText('Full name'), '   ');
    expect(continueButton()).toBeDisabled();
    await app.user.type(screen.getByLabelText('Full name'), 'Alice');
    expect(continueButton()).toBeEnabled();
    await app.user.click(continueButton());

    expect(await screen.findByText('Step 2 of 4')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile Picture' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('alice');
  });

  it('refuses a non-image, takes a picked avatar, and reviews with the right notes', async () => {
    const fakes = accountFakes();
    const app = renderApp('/signup', fakes);
    await fillBasics(app);
    await app.user.click(continueButton());

    await app.user.upload(await screen.findByLabelText('Choose profile picture'), textFile());
    const refusal = 'Profile picture must be a PNG, JPG, GIF or WebP image';
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await app.user.upload(screen.getByLabelText('Choose profile picture'), png());
    await waitFor(() => expect(screen.queryByText(refusal)).not.toBeInTheDocument());
    await app.user.click(continueButton());

    expect(await screen.findByText('Step 3 of 4')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cover Image' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Use Default Image' }));

    expect(await screen.findByText('Step 4 of 4')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Review' })).toBeInTheDocument();
    expect(screen.getByText('Alice Example')).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    expect(screen.getByText('Using default cover')).toBeInTheDocument();
    expect(screen.queryByText('Using default avatar')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover image' })).toBeInTheDocument();
    expect(fakes.loadDefaultImage.calls).toEqual(['cover']);

    await app.user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com');
  });

  it('registers, signs in and lands on the terms page', async () => {
    const fakes = accountFakes();
    const app = renderApp('/signup', fakes);
    await fillBasics(app);
    await app.user.click(continueButton());
    await app.user.click(await screen.findByRole('button', { name: 'Continue' }));
    await app.user.click(await screen.findByRole('button', { name: 'Use Default Image' }));
    expect(await screen.findByText('Using default avatar')).toBeInTheDocument();
    expect(screen.getByText('Using default cover')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Complete Registration' }));

    await waitFor(() => expect(app.path()).toBe('/TermsAndConditions'));
    expect(await screen.findByText('Register successfully')).toBeInTheDocument();
    expect(await screen.findByText('successfully login')).toBeInTheDocument();
    expect(fakes.register.calls).toHaveLength(1);
    const sent = fakes.register.calls[0]!;
    expect(sent).toMatchObject({
      fullName: 'Alice Example',
      userName: 'alice',
      email: 'alice@example.com',
      password: 'secret123',
      // Defaults are not uploaded: the server makes its own default pictures.
      avatar: null,
      coverImage: null,
    });
    expect(fakes.login.calls).toEqual([
      { userName: 'alice', email: 'alice@example.com', password: 'secret123' },
    ]);
  });

  it('goes to /login when the automatic login fails', async () => {
    const fakes = {
      ...accountFakes(),
      login: fake<Credentials, User>(() => {
        throw new ApiError('Too many requests', 429);
      }),
    };
    const app = renderApp('/signup', fakes);
    await fillBasics(app);
    await app.user.click(continueButton());
    await app.user.click(await screen.findByRole('button', { name: 'Continue' }));
    await app.user.click(await screen.findByRole('button', { name: 'Continue' }));
    await app.user.click(await screen.findByRole('button', { name: 'Complete Registration' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('stays on review with the failure toast when registration fails', async () => {
    const fakes = {
      ...accountFakes(),
      register: fake<RegisterInput, User>(() => {
        throw new ApiError('userName or email already taken', 409);
      }),
    };
    const app = renderApp('/signup', fakes);
    await fillBasics(app);
    await app.user.click(continueButton());
    await app.user.click(await screen.findByRole('button', { name: 'Continue' }));
    await app.user.click(await screen.findByRole('button', { name: 'Continue' }));
    await app.user.click(await screen.findByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByText('Failed to register User plz try again')).toBeInTheDocument();
    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
    expect(screen.getByText('userName or email already taken')).toBeInTheDocument();
    expect(app.path()).toBe('/signup?step=4');
    expect(fakes.login.calls).toHaveLength(0);
  });

  it('links to Sign In', async () => {
    renderApp('/signup');
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });
});
