import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Credentials } from '../../machines/sign-in.machine';
import { ApiError } from '../../src/api/client';
import type { LoginAnswer } from '../../contract/second-step';
import { accountFakes, alice, fake, never, renderApp } from './app-helpers';

async function fill(
  user: ReturnType<typeof renderApp>['user'],
  scope: HTMLElement,
  values: { userName: string; email: string; password: string },
) {
  const s = within(scope);
  if (values.userName) await user.type(s.getByLabelText('Username'), values.userName);
  if (values.email) await user.type(s.getByLabelText('Email'), values.email);
  if (values.password) await user.type(s.getByLabelText('Password'), values.password);
}

describe('sign-in page', () => {
  it('keeps Sign in disabled while any field is blank after trimming', async () => {
    const { user } = renderApp('/login');
    const button = await screen.findByRole('button', { name: 'Sign in' });
    expect(button).toBeDisabled();
    await fill(user, document.body, { userName: 'alice', email: '   ', password: 'secret123' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    expect(button).toBeEnabled();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), '  ');
    expect(button).toBeDisabled();
  });

  it('shows a spinner and stays disabled while the login is in progress', async () => {
    const fakes = {
      ...accountFakes(),
      signIn: fake<Credentials, LoginAnswer>(() => never<LoginAnswer>()),
    };
    const { user } = renderApp('/login', fakes);
    await screen.findByRole('button', { name: 'Sign in' });
    await fill(user, document.body, { userName: 'alice', email: 'a@b.co', password: 'pw' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const button = screen.getByRole('button', { name: /^(Loading )?Sign in$/ });
    expect(button).toBeDisabled();
    expect(within(button).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('signs in, toasts and goes home; the top bar then shows the user', async () => {
    const fakes = accountFakes();
    const { user, path } = renderApp('/login', fakes);
    await screen.findByRole('button', { name: 'Sign in' });
    await fill(user, document.body, {
      userName: ' alice ',
      email: 'alice@example.com',
      password: 'secret123',
    });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('successfully login')).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/'));
    expect(fakes.signIn.calls).toEqual([
      { userName: 'alice', email: 'alice@example.com', password: 'secret123' },
    ]);
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    // The tab follows the page: not the sign-in page's title any more (issue 22).
    await waitFor(() => expect(document.title).toBe('Home - VidTube'));
  });

  it('toasts the failure and stays on the page', async () => {
    const fakes = {
      ...accountFakes(),
      signIn: fake<Credentials, LoginAnswer>(() => {
        throw new ApiError('Invalid credentials', 401);
      }),
    };
    const { user, path } = renderApp('/login', fakes);
    await screen.findByRole('button', { name: 'Sign in' });
    await fill(user, document.body, { userName: 'alice', email: 'a@b.co', password: 'wrong-pw' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('failed to login user')).toBeInTheDocument();
    expect(path()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    // One message per outcome (issue 29): the inline reason and the spec's toast, nothing more.
    expect(screen.getAllByText('Invalid credentials')).toHaveLength(1);
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(1);
  });

  it("takes the failed attempt's toast away when the next attempt succeeds", async () => {
    let attempts = 0;
    const fakes = {
      ...accountFakes(),
      signIn: fake<Credentials, LoginAnswer>(() => {
        attempts += 1;
        if (attempts === 1) throw new ApiError('Invalid credentials', 401);
        return { user: alice };
      }),
    };
    const { user } = renderApp('/login', fakes);
    await screen.findByRole('button', { name: 'Sign in' });
    await fill(user, document.body, { userName: 'alice', email: 'a@b.co', password: 'wrong-pw' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const stale = (await screen.findByText('failed to login user')).closest('.Toastify__toast');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('successfully login')).toBeInTheDocument();
    // Leaving: jsdom plays no animation, so the toast's exit is its class, not its absence.
    await waitFor(() => expect(stale?.className).toMatch(/exit/));
    const fresh = screen.getByText('successfully login').closest('.Toastify__toast');
    expect(fresh?.className).not.toMatch(/exit/);
  });

  it('puts the cursor in Username, as the popup does', async () => {
    renderApp('/login');
    const first = await screen.findByLabelText('Username');
    await waitFor(() => expect(document.activeElement).toBe(first));
  });

  it("returns to the page where the header's Log in was pressed, query string included", async () => {
    const { user, path } = renderApp('/search?query=cats&sort=new');
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(path()).toMatch(/^\/login\?/));
    await screen.findByRole('button', { name: 'Sign in' });
    await fill(user, document.body, { userName: 'alice', email: 'a@b.co', password: 'pw' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(path()).toBe('/search?query=cats&sort=new'));
  });

  it('honours only same-site paths as the place to return to', async () => {
    for (const next of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/\t/evil.example',
    ]) {
      const { user, path, unmount } = renderApp(`/login?next=${encodeURIComponent(next)}`);
      await screen.findByRole('button', { name: 'Sign in' });
      await fill(user, document.body, { userName: 'alice', email: 'a@b.co', password: 'pw' });
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(path()).toBe('/'));
      unmount();
    }
  });

  it("links 'Start Creating' to signup and promises what creators get", async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Start Creating' })).toHaveAttribute(
      'href',
      '/signup',
    );
    const promo = document.body.textContent ?? '';
    expect(promo).toMatch(/HD/);
    expect(promo).toMatch(/community/i);
    expect(promo).toMatch(/creator program/i);
  });
});

describe('sign-in popup', () => {
  it('has the same disabling rule and reveals the guarded page after signing in', async () => {
    const fakes = accountFakes();
    const { user, path } = renderApp('/Subscriptions', fakes);
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    const button = within(dialog).getByRole('button', { name: 'Sign in' });
    await fill(user, dialog, { userName: 'alice', email: 'alice@example.com', password: ' ' });
    expect(button).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'Your Subscriptions' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Sign in to continue' })).not.toBeInTheDocument();
    expect(path()).toBe('/Subscriptions');
    expect(fakes.signIn.calls).toHaveLength(1);
  });
});
