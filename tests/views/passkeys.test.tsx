/**
 * Passkeys in the SPA (issue 32): Settings → Passkeys (list, add, rename, remove) and "Sign in
 * with a passkey" on the sign-in page, with fakes in place of the API and the browser's prompt.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSKEY_MESSAGES, type Passkey, type PasskeyList } from '../../contract/passkeys';
import type { User } from '../../contract/shapes';
import type { CeremonyOptions, VerifyInput } from '../../machines/passkey-ceremony.machine';
import type { Credentials } from '../../machines/sign-in.machine';
import type { LoginAnswer } from '../../contract/second-step';
import { ApiError } from '../../src/api/client';
import { accountFakes, alice, fake, renderApp, type AccountFakes } from './app-helpers';

const key = (id: string, name: string, lastUsedAt: string | null = null): Passkey => ({
  _id: id,
  name,
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  lastUsedAt,
  backedUp: false,
});
const ceremony: CeremonyOptions = { ticket: 't.1', options: { challenge: 'c' } };
const answer = { id: 'new-key', type: 'public-key' };

function passkeyFakes(
  initial: Passkey[],
  {
    browser = () => answer,
    signIn = () => alice,
  }: { browser?: () => unknown; signIn?: () => unknown } = {},
) {
  return {
    loadPasskeys: fake<void, PasskeyList>(() => ({ passkeys: initial, limit: 10 })),
    renamePasskey: fake<{ id: string; name: string }, Passkey>(({ id, name }) => ({
      ...initial.find((p) => p._id === id)!,
      name,
    })),
    removePasskey: fake<string, void>(() => undefined),
    passkeyRegistrationOptions: fake<{ secondStepTicket?: string }, CeremonyOptions>(
      () => ceremony,
    ),
    passkeyCreate: fake<unknown, unknown>(browser),
    passkeyRegister: fake<VerifyInput, unknown>(() => key('new-key', 'Chrome on Linux')),
    passkeySignInOptions: fake<{ secondStepTicket?: string }, CeremonyOptions>(() => ceremony),
    passkeySign: fake<unknown, unknown>(browser),
    passkeySignIn: fake<VerifyInput, unknown>(signIn),
  };
}

function render(path: string, user: User | null, passkeys: ReturnType<typeof passkeyFakes>) {
  const fakes = { ...accountFakes(user), ...passkeys } as AccountFakes & typeof passkeys;
  return { ...renderApp(path, fakes), fakes };
}

describe('Settings → Passkeys', () => {
  it('lists the passkeys and adds one with the browser’s answer', async () => {
    const passkeys = passkeyFakes([key('k1', 'Safari on iOS', new Date().toISOString())]);
    const { user } = render('/Setting/Passkeys', alice, passkeys);
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('Safari on iOS')).toBeInTheDocument();
    expect(within(list).getByText('3 days ago')).toBeInTheDocument();
    expect(within(list).getByText(/Last used/)).toBeInTheDocument();
    expect(screen.getByText(/You can add up to 10/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await within(list).findByText('Chrome on Linux')).toBeInTheDocument();
    expect(within(list).getByText(/Never used/)).toBeInTheDocument();
    expect(await screen.findByText('Passkey added')).toBeInTheDocument();
    expect(passkeys.passkeyCreate.calls).toEqual([ceremony.options]);
    expect(passkeys.passkeyRegister.calls).toEqual([
      { ticket: ceremony.ticket, answer, secondStepTicket: undefined },
    ]);
  });

  it('says nothing when the browser’s prompt is closed', async () => {
    const passkeys = passkeyFakes([], { browser: () => null });
    const { user } = render('/Setting/Passkeys', alice, passkeys);
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await waitFor(() => expect(passkeys.passkeyCreate.calls).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(passkeys.passkeyRegister.calls).toEqual([]);
  });

  it('shows the server’s sentence when adding is refused', async () => {
    const passkeys = passkeyFakes([]);
    passkeys.passkeyRegistrationOptions = fake<{ secondStepTicket?: string }, CeremonyOptions>(
      () => {
        throw new ApiError(PASSKEY_MESSAGES.tooMany, 409);
      },
    );
    const { user } = render('/Setting/Passkeys', alice, passkeys);
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText(PASSKEY_MESSAGES.tooMany)).toBeInTheDocument();
    expect(passkeys.passkeyCreate.calls).toEqual([]);
  });

  it('renames in a dialog that states the limit, and removes after asking', async () => {
    const passkeys = passkeyFakes([key('k1', 'Chrome on Linux'), key('k2', 'YubiKey')]);
    const { user } = render('/Setting/Passkeys', alice, passkeys);
    await user.click(await screen.findByRole('button', { name: 'Rename Chrome on Linux' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const field = within(dialog).getByLabelText('Passkey name');
    expect(field).toHaveValue('Chrome on Linux');
    expect(within(dialog).getByText(/At most 64 characters/)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'x'.repeat(65));
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, '  Work laptop ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();
    expect(passkeys.renamePasskey.calls).toEqual([{ id: 'k1', name: 'Work laptop' }]);

    await user.click(screen.getByRole('button', { name: 'Remove YubiKey' }));
    const question = await screen.findByRole('dialog', { name: 'Remove passkey?' });
    expect(within(question).getByText(/sign in with “YubiKey”/)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(passkeys.removePasskey.calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove YubiKey' }));
    const again = await screen.findByRole('dialog', { name: 'Remove passkey?' });
    await user.click(within(again).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('YubiKey')).toBeNull());
    expect(passkeys.removePasskey.calls).toEqual(['k2']);
  });
});

describe('Sign in with a passkey', () => {
  it('signs in without the three fields, toasts and goes home', async () => {
    const passkeys = passkeyFakes([]);
    const { user, path } = render('/login', null, passkeys);
    // The spec's form is still there, untouched.
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('successfully login')).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/'));
    expect(passkeys.passkeySignInOptions.calls).toEqual([{ secondStepTicket: undefined }]);
    expect(passkeys.passkeySignIn.calls).toEqual([
      { ticket: ceremony.ticket, answer, secondStepTicket: undefined },
    ]);
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it('shows the server’s sentence when the passkey is refused', async () => {
    const passkeys = passkeyFakes([], {
      signIn: () => {
        throw new ApiError(PASSKEY_MESSAGES.notRecognised, 401);
      },
    });
    const { user, path } = render('/login', null, passkeys);
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText(PASSKEY_MESSAGES.notRecognised)).toBeInTheDocument();
    expect(path()).toBe('/login');
  });
});

describe('a passkey as the second step', () => {
  it('finishes the second step with the ticket, toasts once and goes home', async () => {
    const passkeys = passkeyFakes([]);
    const fakes = {
      ...accountFakes(null),
      ...passkeys,
      signIn: fake<Credentials, LoginAnswer>(() => ({
        secondStep: { ticket: 'step.1', methods: ['totp', 'recovery', 'passkey'] },
      })),
    };
    const { user, path } = renderApp('/login', fakes);
    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const form = await screen.findByRole('form', { name: 'Two-step verification' });
    await user.click(within(form).getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(path()).toBe('/'));
    expect(screen.getAllByText('successfully login')).toHaveLength(1);
    expect(passkeys.passkeySignInOptions.calls).toEqual([{ secondStepTicket: 'step.1' }]);
    expect(passkeys.passkeySignIn.calls).toEqual([
      { ticket: ceremony.ticket, answer, secondStepTicket: 'step.1' },
    ]);
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it('is not offered to an account without a passkey', async () => {
    const fakes = {
      ...accountFakes(null),
      ...passkeyFakes([]),
      signIn: fake<Credentials, LoginAnswer>(() => ({
        secondStep: { ticket: 'step.1', methods: ['totp', 'recovery'] },
      })),
    };
    const { user } = renderApp('/login', fakes);
    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const form = await screen.findByRole('form', { name: 'Two-step verification' });
    expect(within(form).queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});
