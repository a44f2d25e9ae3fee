/**
 * The signup wizard checks each step before moving on (issue 22): problems in words beside their
 * field, gone once fixed; a taken user name said while typing; pictures checked when picked;
 * the browser's Back between steps; a reload keeps what was typed but the password.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../contract/shapes';
import type { RegisterInput } from '../../machines/signup.types';
import { ApiError } from '../../src/api/client';
import { accountFakes, fake, png, renderApp, textFile } from './app-helpers';

type Setup = ReturnType<typeof renderApp>;

const field = (label: string) => screen.getByLabelText(label);
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

async function fill({ user }: Setup, values: Record<string, string>) {
  await screen.findByLabelText('Full name');
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value !== '') await user.type(field(label), value);
  }
}

const good = {
  'Full name': 'Alice Example',
  Username: 'alice',
  Email: 'alice@example.com',
  Password: 'secret123',
};

describe('signup wizard: step 1 in words, beside each field', () => {
  it('shows each problem beside its field after Continue, and takes it away once fixed', async () => {
    const app = renderApp('/signup');
    await fill(app, {
      'Full name': 'QA',
      Username: 'QA Tester!',
      Email: 'not-an-email',
      Password: 'short',
    });
    await app.user.click(continueButton());

    expect(field('Username')).toHaveAccessibleDescription(
      'User name may use lower-case letters, digits, dots and underscores',
    );
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Email')).toHaveAccessibleDescription(
      'Enter a valid email address, like name@example.com',
    );
    expect(field('Password')).toHaveAccessibleDescription('Password must be at least 8 characters');
    // The full name is fine: nothing beside it.
    expect(field('Full name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    // Never the schema's own text.
    expect(document.body.textContent).not.toMatch(/must match pattern|\^\[a-z0-9_\.\]/);

    await fill(app, { Username: 'qa_tester' });
    expect(field('Username')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/User name may use/)).not.toBeInTheDocument();
    await fill(app, { Email: 'qa@example.com', Password: 'long enough' });
    expect(screen.queryByText(/Enter a valid email/)).not.toBeInTheDocument();
    expect(screen.queryByText(/at least 8 characters/)).not.toBeInTheDocument();
    await app.user.click(continueButton());
    expect(await screen.findByText('Step 2 of 4')).toBeInTheDocument();
  });

  it('says a rule is broken once the field is left, not while the person is still typing', async () => {
    const app = renderApp('/signup');
    await fill(app, { Username: 'QA Tester!' });
    expect(field('Username')).not.toHaveAttribute('aria-invalid');
    await app.user.tab();
    expect(field('Username')).toHaveAccessibleDescription(
      'User name may use lower-case letters, digits, dots and underscores',
    );
  });

  it('says a user name is taken as the person types, and that Continue cannot go on', async () => {
    const app = renderApp('/signup');
    await fill(app, { ...good, Username: 'Taken_Name' });
    await waitFor(() =>
      expect(field('Username')).toHaveAccessibleDescription('This user name is already taken'),
    );
    // Asked once, about the name as it would be stored.
    expect(app.fakes.checkAvailability.calls.map((c) => c.userName)).toContain('taken_name');
    await app.user.click(continueButton());
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();

    await fill(app, { Username: 'free_name' });
    expect(screen.queryByText('This user name is already taken')).not.toBeInTheDocument();
    await app.user.click(continueButton());
    expect(await screen.findByText('Step 2 of 4')).toBeInTheDocument();
  });

  it('says an email belongs to an account', async () => {
    const app = renderApp('/signup');
    await fill(app, { ...good, Email: 'Taken@Example.com' });
    await waitFor(() =>
      expect(field('Email')).toHaveAccessibleDescription(
        'An account with this email already exists',
      ),
    );
  });

  it('brings a refused registration back to the field the server named', async () => {
    const fakes = {
      ...accountFakes(),
      register: fake<RegisterInput, User>(() => {
        throw new ApiError('userName: This user name is already taken', 409);
      }),
    };
    const app = renderApp('/signup', fakes);
    await fill(app, good);
    await app.user.click(continueButton());
    await app.user.click(await screen.findByRole('button', { name: 'Continue' }));
    await app.user.click(await screen.findByRole('button', { name: 'Continue' }));
    await app.user.click(await screen.findByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByText('Failed to register User plz try again')).toBeInTheDocument();
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument();
    expect(field('Username')).toHaveAccessibleDescription('This user name is already taken');
  });
});

describe('signup wizard: pictures checked when picked', () => {
  async function toPictureStep() {
    const app = renderApp('/signup');
    await fill(app, good);
    await app.user.click(continueButton());
    await screen.findByText('Step 2 of 4');
    return app;
  }
  const picker = () => screen.getByLabelText('Choose profile picture');

  it('refuses a file over 10 MB, an empty one and an unreadable one at once, beside the picker', async () => {
    const app = await toPictureStep();
    const huge = new File([new Uint8Array(12 * 1024 * 1024)], 'huge.png', { type: 'image/png' });
    await app.user.upload(picker(), huge);
    expect(picker()).toHaveAccessibleDescription('Profile picture is larger than 10 MB');

    await app.user.upload(picker(), new File([], 'empty.png', { type: 'image/png' }));
    expect(picker()).toHaveAccessibleDescription('Profile picture is an empty file');

    await app.user.upload(picker(), png('broken.png'));
    await waitFor(() =>
      expect(picker()).toHaveAccessibleDescription(
        'Profile picture must be a PNG, JPG, GIF or WebP image that can be read',
      ),
    );
    // Nothing was taken: the review would use the default.
    await app.user.upload(picker(), textFile());
    expect(picker()).toHaveAccessibleDescription(
      'Profile picture must be a PNG, JPG, GIF or WebP image',
    );

    // A good picture takes the refusal away.
    await app.user.upload(picker(), png());
    await waitFor(() => expect(picker()).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(app.fakes.register.calls).toHaveLength(0);
  });
});

describe('signup wizard: the browser', () => {
  it("keeps the step in the address, so the browser's Back goes to the step before", async () => {
    const app = renderApp('/signup');
    await fill(app, good);
    await app.user.click(continueButton());
    await screen.findByText('Step 2 of 4');
    expect(app.path()).toBe('/signup?step=2');
    await app.user.click(screen.getByRole('button', { name: 'Use Default Image' }));
    await screen.findByText('Step 3 of 4');
    expect(app.path()).toBe('/signup?step=3');

    app.go('/signup?step=2');
    expect(await screen.findByText('Step 2 of 4')).toBeInTheDocument();
    app.go('/signup');
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument();
    expect(field('Username')).toHaveValue('alice');
    // Forward is a Continue: on, since step 1 is fine.
    app.go('/signup?step=2');
    expect(await screen.findByText('Step 2 of 4')).toBeInTheDocument();
  });

  it('refuses Forward past a step that is not done, and says why', async () => {
    const app = renderApp('/signup');
    await fill(app, { ...good, Password: 'short' });
    app.go('/signup?step=2');
    await waitFor(() => expect(app.path()).toBe('/signup'));
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(field('Password')).toHaveAccessibleDescription('Password must be at least 8 characters');
  });

  it('keeps what was typed over a reload, but never the password', async () => {
    const first = renderApp('/signup');
    await fill(first, good);
    first.unmount();
    expect(window.sessionStorage.getItem('vidtube:signup-draft')).not.toContain('secret123');

    renderApp('/signup');
    expect(await screen.findByLabelText('Full name')).toHaveValue('Alice Example');
    expect(field('Username')).toHaveValue('alice');
    expect(field('Email')).toHaveValue('alice@example.com');
    expect(field('Password')).toHaveValue('');
  });
});
