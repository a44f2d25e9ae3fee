/**
 * The header's bell (issue 23): the unread count as a badge with a spoken label, the panel with
 * entries linking to what they are about, seen when shown, and the per-type settings.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { fromCallback, fromPromise } from 'xstate';
import { render } from '@testing-library/react';
import type { NotificationList, NotificationSettings } from '../../contract/notifications';
import type { User } from '../../contract/shapes';
import { App } from '../../src/app/app';
import { notification, page } from '../machines/notification-fixtures';
import { alice, fake } from './app-helpers';

function renderBell(list: NotificationList, unread = 2) {
  const markRead = fake<{ ids: string[] }, number>(() => 0);
  const settings: NotificationSettings = {
    newVideo: true,
    newSubscriber: true,
    comment: true,
    likeMilestone: true,
    videoReady: true,
    reply: true,
    mention: true,
    heart: true,
  };
  const saveSettings = fake<{ patch: Partial<NotificationSettings> }, NotificationSettings>(
    ({ patch }) => ({ ...settings, ...patch }),
  );
  const location = memoryLocation({ path: '/TermsAndConditions', record: true });
  const user = userEvent.setup();
  render(
    <App
      location={location.hook}
      actors={{
        resumeSession: fromPromise<User | null, void>(async () => alice),
        authorize: fromPromise<void>(async () => {}),
        stream: fromCallback(() => {}),
        fetchUnreadCount: fromPromise(async () => unread),
        fetchNotifications: fromPromise(async () => list),
        markRead: markRead.logic,
        markAllRead: fromPromise<void>(async () => {}),
        fetchSettings: fromPromise(async () => settings),
        saveSettings: saveSettings.logic,
      }}
    />,
  );
  location.navigate('/collections');
  return { user, markRead, saveSettings, path: () => location.history.at(-1) ?? '' };
}

const upload = notification('n1', false, {
  type: 'newVideo',
  video: { _id: 'v1', title: 'Sunset timelapse', thumbnail: 'http://x/t.webp' },
});
const subscriber = notification('n2', true);

describe('notification bell', () => {
  it('shows the unread count in its name, and opens a panel that marks what it shows seen', async () => {
    const { user, markRead, path } = renderBell(page([upload, subscriber], { unreadCount: 1 }), 1);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('1 unread notifications');
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const entry = await within(panel).findByRole('link', {
      name: /Fan n1 uploaded “Sunset timelapse”/,
    });
    expect(entry).toHaveAttribute('href', '/watch/v1');
    expect(
      within(panel).getByRole('link', { name: /Fan n2 subscribed to your channel/ }),
    ).toHaveAttribute('href', '/Channel/fan_n2');
    await waitFor(() => expect(markRead.calls).toEqual([{ ids: ['n1'] }]));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    // Choosing an entry goes there and closes the panel.
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    await user.click(await screen.findByRole('link', { name: /Sunset timelapse/ }));
    await waitFor(() => expect(path()).toBe('/watch/v1'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet, and saves a switched-off type', async () => {
    const { user, saveSettings } = renderBell(page([]), 0);
    // The signed-in bell (the visitor's has no popup).
    await user.click(await screen.findByRole('button', { name: 'Notifications', expanded: false }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Notification settings' }));
    const comments = await screen.findByRole('switch', { name: 'Comments on my videos' });
    expect(comments).toBeChecked();
    await user.click(comments);
    await waitFor(() => expect(saveSettings.calls).toEqual([{ patch: { comment: false } }]));
    await waitFor(() => expect(comments).not.toBeChecked());
  });
});
