import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../contract/shapes';
import { ApiError } from '../../src/api/client';
import { accountFakes, alice, fake, png, renderApp, textFile } from './app-helpers';

const signedIn = () => accountFakes(alice);

describe('settings header', () => {
  it('shows cover, avatar, names, View Channel and tabs that navigate', async () => {
    const { user, path } = renderApp('/Setting/ChangeInfo', signedIn());
    expect(await screen.findByRole('heading', { name: 'Alice Example' })).toBeInTheDocument();
    expect(screen.getByText('@alice')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Channel' })).toHaveAttribute(
      'href',
      '/Channel/alice',
    );
    expect(screen.getByRole('button', { name: 'Change avatar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change cover image' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Change Password' }));
    await waitFor(() => expect(path()).toBe('/Setting/ChangePassword'));
    expect(await screen.findByLabelText('Current password')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Personal Information' }));
    await waitFor(() => expect(path()).toBe('/Setting/ChangeInfo'));
  });
});

describe('personal information', () => {
  it("refuses a blank field with 'Both fields are required'", async () => {
    const fakes = signedIn();
    const { user } = renderApp('/Setting/ChangeInfo', fakes);
    const name = await screen.findByLabelText('Full name');
    expect(name).toHaveValue('Alice Example');
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const form = screen.getByRole('form', { name: 'Personal Information' });
    expect(await within(form).findByText('Both fields are required')).toBeInTheDocument();
    expect(fakes.updateAccountDetails.calls).toHaveLength(0);
  });

  it('saves, toasts and updates the header', async () => {
    const fakes = signedIn();
    const { user } = renderApp('/Setting/ChangeInfo', fakes);
    const name = await screen.findByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Alice Renamed');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Personal information updated successfully'),
    ).toBeInTheDocument();
    // One message per outcome (issue 29): the form's toast, not the store's beside it.
    expect(screen.queryByText('Successfully update your details')).not.toBeInTheDocument();
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Alice Renamed' })).toBeInTheDocument();
    expect(fakes.updateAccountDetails.calls).toEqual([
      { fullName: 'Alice Renamed', email: 'new@example.com' },
    ]);
  });

  it('toasts the failure, keeps the typed values and says beside the email that it is taken', async () => {
    const fakes = {
      ...signedIn(),
      updateAccountDetails: fake<{ fullName: string; email: string }, User>(() => {
        throw new ApiError('email: An account with this email already exists', 409);
      }),
    };
    const { user } = renderApp('/Setting/ChangeInfo', fakes);
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update information')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('bob@example.com');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'An account with this email already exists',
    );
    // Fixing the field takes the reason away.
    await user.type(screen.getByLabelText('Email'), 'm');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('An account with this email already exists')).not.toBeInTheDocument();
  });

  it('says beside the email that it is not an address, without sending it', async () => {
    const fakes = signedIn();
    const { user } = renderApp('/Setting/ChangeInfo', fakes);
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'nope@x');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Enter a valid email address, like name@example.com',
    );
    expect(fakes.updateAccountDetails.calls).toHaveLength(0);
    // Never the schema's text.
    expect(document.body.textContent).not.toMatch(/must be a valid email|must match format/);
  });

  it('asks before cancelling, and restores the saved values when confirmed', async () => {
    const { user } = renderApp('/Setting/ChangeInfo', signedIn());
    const name = await screen.findByLabelText('Full name');
    await user.type(name, ' Jr');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to cancel? Any unsaved changes will be lost.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByLabelText('Full name')).toHaveValue('Alice Example Jr');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(screen.getByLabelText('Full name')).toHaveValue('Alice Example');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('change password', () => {
  it("requires all three fields: 'All fields are required'", async () => {
    const fakes = signedIn();
    const { user } = renderApp('/Setting/ChangePassword', fakes);
    await user.type(await screen.findByLabelText('Current password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const form = screen.getByRole('form', { name: 'Change Password' });
    expect(await within(form).findByText('All fields are required')).toBeInTheDocument();
    expect(fakes.changePassword.calls).toHaveLength(0);
  });

  it('shows the inline mismatch and refuses to submit it', async () => {
    const fakes = signedIn();
    const { user } = renderApp('/Setting/ChangePassword', fakes);
    await user.type(await screen.findByLabelText('Current password'), 'secret123');
    await user.type(screen.getByLabelText('New password'), 'brand-new-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-2');
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const form = screen.getByRole('form', { name: 'Change Password' });
    expect(
      await within(form).findByText("New password and confirmation don't match"),
    ).toBeInTheDocument();
    expect(fakes.changePassword.calls).toHaveLength(0);
  });

  it('changes the password, toasts and clears the fields', async () => {
    const fakes = signedIn();
    const { user } = renderApp('/Setting/ChangePassword', fakes);
    await user.type(await screen.findByLabelText('Current password'), 'secret123');
    await user.type(screen.getByLabelText('New password'), 'brand-new-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-1');
    expect(screen.queryByText("Passwords don't match")).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(screen.queryByText('successfully changed password')).not.toBeInTheDocument();
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(1);
    // Issue 32: "Sign out of all other devices" is ticked unless the user unticks it.
    expect(fakes.changePassword.calls).toEqual([
      { oldPassword: 'secret123', newPassword: 'brand-new-1', signOutOthers: true },
    ]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('keeps the other devices signed in when "Sign out of all other devices" is unticked', async () => {
    const fakes = signedIn();
    const { user } = renderApp('/Setting/ChangePassword', fakes);
    const box = await screen.findByRole('checkbox', { name: 'Sign out of all other devices' });
    expect(box).toBeChecked();
    await user.click(box);
    await user.type(screen.getByLabelText('Current password'), 'secret123');
    await user.type(screen.getByLabelText('New password'), 'brand-new-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(fakes.changePassword.calls).toEqual([
      { oldPassword: 'secret123', newPassword: 'brand-new-1', signOutOthers: false },
    ]);
    // Ticked again for the next change.
    expect(box).toBeChecked();
  });

  it("toasts 'Failed to change password' and says beside the current password that it is wrong", async () => {
    const fakes = {
      ...signedIn(),
      changePassword: fake<{ oldPassword: string; newPassword: string }, void>(() => {
        throw new ApiError('oldPassword: The current password is not correct', 400);
      }),
    };
    const { user } = renderApp('/Setting/ChangePassword', fakes);
    await user.type(await screen.findByLabelText('Current password'), 'wrong-one');
    await user.type(screen.getByLabelText('New password'), 'brand-new-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Failed to change password')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'The current password is not correct',
    );
    await user.type(screen.getByLabelText('Current password'), '2');
    expect(screen.queryByText('The current password is not correct')).not.toBeInTheDocument();
  });

  it.each([
    ['secret123', 'The new password must be different from the current one'],
    ['short', 'New password must be at least 8 characters'],
  ])('refuses the new password %j beside its field, sending nothing', async (typed, reason) => {
    const fakes = signedIn();
    const { user } = renderApp('/Setting/ChangePassword', fakes);
    await user.type(await screen.findByLabelText('Current password'), 'secret123');
    await user.type(screen.getByLabelText('New password'), typed);
    await user.type(screen.getByLabelText('Confirm new password'), typed);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(reason);
    expect(fakes.changePassword.calls).toHaveLength(0);
  });

  it('asks before cancelling and clears when confirmed', async () => {
    const { user } = renderApp('/Setting/ChangePassword', signedIn());
    await user.type(await screen.findByLabelText('Current password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText('Are you sure you want to cancel? Any unsaved changes will be lost.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});

describe('image upload popup', () => {
  it('accepts images only, enables Upload once one is chosen, and uploads the avatar', async () => {
    const fakes = signedIn();
    const { user } = renderApp('/Setting/ChangeInfo', fakes);
    await user.click(await screen.findByRole('button', { name: 'Change avatar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change avatar' });
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    expect(within(dialog).getByText('PNG, JPG, GIF up to 10MB')).toBeInTheDocument();
    expect(upload).toBeDisabled();

    await user.upload(within(dialog).getByLabelText('Choose avatar file'), textFile());
    expect(
      await within(dialog).findByText('Please choose an image file (PNG, JPG, GIF)'),
    ).toBeInTheDocument();
    expect(upload).toBeDisabled();

    // Over the server's limit: refused here, before a byte is sent, in the server's words.
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', {
      type: 'image/png',
    });
    await user.upload(within(dialog).getByLabelText('Choose avatar file'), huge);
    expect(
      await within(dialog).findByText('Profile picture is larger than 10 MB'),
    ).toBeInTheDocument();
    expect(upload).toBeDisabled();

    await user.upload(within(dialog).getByLabelText('Choose avatar file'), png('face.png'));
    expect(await within(dialog).findByText('face.png')).toBeInTheDocument();
    expect(upload).toBeEnabled();
    await user.click(upload);

    expect(await screen.findByText('successfully changed avatar image')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change avatar' })).not.toBeInTheDocument(),
    );
    expect(fakes.uploadImage.calls).toHaveLength(1);
    expect(fakes.uploadImage.calls[0]!.kind).toBe('avatar');
    expect((fakes.uploadImage.calls[0]!.file as File).name).toBe('face.png');
  });

  it('takes a dropped image for the cover, and toasts a failed upload', async () => {
    const fakes = {
      ...signedIn(),
      uploadImage: fake<{ kind: 'avatar' | 'cover'; file: Blob }, User>(() => {
        throw new ApiError('Image too large', 413);
      }),
    };
    const { user } = renderApp('/Setting/ChangeInfo', fakes);
    await user.click(await screen.findByRole('button', { name: 'Change cover image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change cover image' });
    const zone = within(dialog).getByLabelText('Choose cover image file').closest('label')!;
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    fireEvent.drop(zone, { dataTransfer: { files: [png('wide.png')] } });
    expect(await within(dialog).findByText('wide.png')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('failed to update cover image')).toBeInTheDocument();
    // The popup stays open with the same file so the user can retry.
    expect(within(dialog).getByText('wide.png')).toBeInTheDocument();
  });

  it('closes without uploading on Cancel', async () => {
    const fakes = signedIn();
    const { user } = renderApp('/Setting/ChangeInfo', fakes);
    await user.click(await screen.findByRole('button', { name: 'Change avatar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change avatar' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakes.uploadImage.calls).toHaveLength(0);
  });
});
