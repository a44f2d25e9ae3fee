import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/api/client';
import type { User } from '../../contract/shapes';
import { alice, accountFakes, fake, never, renderApp } from './app-helpers';
import { channelFakes, olive, renderChannel } from './channel-helpers';

// jsdom ignores media queries, so these tests see the phone layout (base styles): the search box
// is the overlay, the account menu replaces the avatar link, and wide-screen parts are hidden
// (queried with `hidden: true`).
describe('app shell', () => {
  it('shows the default error text on an unknown route', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
  });

  it('searches only for non-blank text, trimmed', async () => {
    const { user, path } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open search' }));
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, '   {Enter}');
    expect(path()).toBe('/');
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '  funny cats {Enter}');
    await waitFor(() => expect(path()).toBe('/search?query=funny%20cats'));
    // A search closes the overlay.
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument();
  });

  it('offers a skip link to the page content', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Skip to content' })).toHaveAttribute(
      'href',
      '#main',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('offers Log in and Sign up to visitors, after asking the session once', async () => {
    const { fakes } = renderApp('/');
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(fakes.resumeSession.calls).toHaveLength(1);
  });

  it('links a signed-in user to their channel and logs them out with a toast', async () => {
    const fakes = accountFakes(alice);
    const { user } = renderApp('/', fakes);
    expect(await screen.findByRole('link', { name: 'Your channel', hidden: true })).toHaveAttribute(
      'href',
      '/Channel/alice',
    );
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Successfully logout')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(fakes.logout.calls).toHaveLength(1);
  });

  it('opens the small-screen account menu with its four entries', async () => {
    const { user } = renderApp('/', accountFakes(alice));
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu', { name: 'Account' });
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent?.trim());
    expect(items).toEqual(['View Channel', 'Dashboard', 'Settings', 'Logout']);
  });

  it('moves through the account menu with the arrow keys, Home and End; Escape returns focus', async () => {
    const { user } = renderApp('/', accountFakes(alice));
    const button = await screen.findByRole('button', { name: 'Account menu' });
    await user.click(button);
    const menu = await screen.findByRole('menu', { name: 'Account' });
    const item = (name: string) => within(menu).getByRole('menuitem', { name });
    await waitFor(() => expect(item('View Channel')).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(item('Dashboard')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Logout')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('View Channel')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Logout')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('View Channel')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('has the side menu and bottom bar entries of the spec', async () => {
    renderApp('/');
    await screen.findByRole('link', { name: 'Log in' });
    // Hidden on phones, so looked up by its label rather than by role.
    const side = document.querySelector<HTMLElement>('nav[aria-label="Main menu"]')!;
    expect([...side.querySelectorAll('a')].map((l) => l.textContent)).toEqual([
      'Home',
      'History',
      'Watch later',
      'Your Content',
      'Subscriptions',
      'Source code',
      'Settings',
    ]);
    const source = side.querySelector('a[target="_blank"]');
    expect(source).toHaveAttribute('rel', 'noreferrer noopener');
    // The project's repository (package.json), not the code host's home page.
    expect(source).toHaveAttribute('href', 'https://github.com/vidtube/vidtube');
    const bottom = screen.getByRole('navigation', { name: 'Bottom navigation' });
    expect(
      within(bottom)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/', '/tweets', '/Dashboard', '/collections', '/Subscriptions']);
  });
});

describe('route access', () => {
  it('shows the sign-in popup in place of a guarded page; closing it goes home', async () => {
    const { user, path } = renderApp('/History');
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    expect(screen.queryByRole('heading', { name: 'Your Watch History' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Username')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(path()).toBe('/'));
  });

  it('keeps keyboard focus inside the popup, starting in its first field', async () => {
    const { user } = renderApp('/History');
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    await waitFor(() => expect(within(dialog).getByLabelText('Username')).toHaveFocus());
    // Last focusable element of the dialog: the 'Start Creating' link.
    within(dialog).getByRole('link', { name: 'Start Creating' }).focus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('link', { name: 'Start Creating' })).toHaveFocus();
  });

  it('shows the user the HTML named in its first render, asking no session (issue 35)', () => {
    const fakes = { ...accountFakes(), resumeSession: fake<void, User | null>(() => never()) };
    renderApp('/Subscriptions', fakes, { user: alice });
    // No await: the first render already knows who is signed in, so no spinner and no popup.
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(fakes.resumeSession.calls).toHaveLength(0);
  });

  it('shows a visitor the HTML named the popup on a guarded page at once, asking no session', () => {
    const fakes = { ...accountFakes(), resumeSession: fake<void, User | null>(() => never()) };
    renderApp('/Subscriptions', fakes, { user: null });
    expect(screen.getByRole('dialog', { name: 'Sign in to continue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(fakes.resumeSession.calls).toHaveLength(0);
  });

  it('guards the watch page too', async () => {
    renderApp('/watch/v1');
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toBeInTheDocument();
  });

  it('shows a spinner, not the popup, while the session is being checked', async () => {
    const fakes = {
      ...accountFakes(),
      resumeSession: fake<void, User | null>(() => never<User | null>()),
    };
    renderApp('/Subscriptions', fakes);
    expect(await screen.findAllByRole('status', { name: 'Loading' })).not.toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('redirects /Setting to ChangeInfo and /Dashboard to Content', async () => {
    const a = renderApp('/Setting', accountFakes(alice));
    await waitFor(() => expect(a.path()).toBe('/Setting/ChangeInfo'));
    a.unmount();
    const b = renderApp('/Dashboard', accountFakes(alice));
    await waitFor(() => expect(b.path()).toBe('/Dashboard/Content'));
  });

  it('sends a signed-in user away from /login and /signup', async () => {
    const a = renderApp('/login', accountFakes(alice));
    await waitFor(() => expect(a.path()).toBe('/'));
    a.unmount();
    const b = renderApp('/signup', accountFakes(alice));
    await waitFor(() => expect(b.path()).toBe('/'));
  });

  it('routes /tweets to the own channel tab', async () => {
    const a = renderApp('/tweets', accountFakes(alice));
    await waitFor(() => expect(a.path()).toBe('/Channel/alice/Tweets'));
  });

  it('accepts /channel in lower case, with Videos as the default tab', async () => {
    // The channel page loads its channel: a fake API that knows bob.
    const { data, fakes } = channelFakes();
    data.channel = { ...olive, _id: 'u_bob', userName: 'bob', fullName: 'Bob' };
    renderChannel('/channel/bob', fakes);
    expect(await screen.findByText('@bob')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Videos' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Subscribers' })).toHaveAttribute(
      'href',
      '/Channel/bob/Subscribed',
    );
  });
});

describe('session expiry', () => {
  it('signs the user out when an API call is refused even after a refresh', async () => {
    renderApp('/History', accountFakes(alice));
    expect(await screen.findByRole('heading', { name: 'Your Watch History' })).toBeInTheDocument();
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(
          JSON.stringify({ statusCode: 401, data: null, message: 'no', success: false }),
          {
            status: 401,
          },
        ),
      ),
    );
    await expect(request({ method: 'GET', url: '/users/history' })).rejects.toMatchObject({
      status: 401,
    });
    vi.unstubAllGlobals();
    // The guarded page gives way to the sign-in popup.
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});

describe('legal pages', () => {
  it('shows the terms with date, sections, Conform and the footer', async () => {
    renderApp('/TermsAndConditions');
    expect(await screen.findByText('Current as of 20 Jan 2022')).toBeInTheDocument();
    for (const heading of [
      'Information We Collect',
      'How We Use Your Information',
      'Cookies',
      'Data Retention',
      'Security',
      'Your Privacy Rights',
      'Contact Us',
    ]) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Conform' })).toHaveAttribute('href', '/');
    expect(screen.getByText(/© 2024/)).toBeInTheDocument();
    expect(screen.getByText('Version 1.0.0')).toBeInTheDocument();
  });

  it('shows the privacy policy publicly', async () => {
    renderApp('/PrivacyPolicy');
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    // The title is set in an effect after the heading renders: wait for it, not the render.
    await waitFor(() => expect(document.title).toBe('Privacy Policy - VidTube'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
