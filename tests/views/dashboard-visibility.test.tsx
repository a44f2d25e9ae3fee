/**
 * Issue 34 on the dashboard: each row says its video's state as it is (Public, Unlisted, Private,
 * Scheduled · time) beside the spec's Publish/Unpublish toggle, and the Edit video dialog's
 * Visibility section schedules a publication in the viewer's zone, refusing a time in the past.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES } from '../../contract/video-visibility';
import { toLocalInput } from '../../machines/video-visibility.machine';
import { formatFullDate } from '../../src/format';
import { installIntersectionObserver } from './videos-helpers';
import { makeOwnVideo, openVideoList } from './dashboard-videos-helpers';

beforeEach(() => installIntersectionObserver());

const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
const videos = [
  makeOwnVideo(1, { title: 'Open one', visibility: 'public', isPublished: true }),
  makeOwnVideo(2, { title: 'Link only', visibility: 'unlisted', isPublished: false }),
  makeOwnVideo(3, { title: 'Mine only', visibility: 'private', isPublished: false }),
  makeOwnVideo(4, {
    title: 'Premiere',
    visibility: 'private',
    isPublished: false,
    publishAt: inAnHour,
  }),
];
const row = (title: string) => screen.getByRole('listitem', { name: title });
const dialog = () => within(screen.getByRole('dialog', { name: 'Edit video' }));

describe('visibility on the dashboard', () => {
  it('says each video’s state truthfully beside the spec’s toggle', async () => {
    await openVideoList(videos);
    expect(row('Open one')).toHaveTextContent('Public');
    expect(within(row('Open one')).getByRole('button', { name: 'Unpublish' })).toBeVisible();
    expect(row('Link only')).toHaveTextContent('Unlisted');
    expect(within(row('Link only')).getByRole('button', { name: 'Publish' })).toBeVisible();
    expect(row('Mine only')).toHaveTextContent('Private');
    expect(row('Premiere')).toHaveTextContent(`Scheduled · ${formatFullDate(inAnHour)}`);
  });

  it('schedules a private video from the edit dialog and refuses a past time', async () => {
    const { saveVideoEdit } = await openVideoList(videos);
    fireEvent.click(within(row('Open one')).getByRole('button', { name: 'Edit' }));
    expect(dialog().getByRole('radio', { name: 'Public' })).toBeChecked();
    expect(dialog().queryByRole('checkbox', { name: 'Schedule' })).not.toBeInTheDocument();
    fireEvent.click(dialog().getByRole('radio', { name: 'Private' }));
    fireEvent.click(dialog().getByRole('checkbox', { name: 'Schedule' }));
    const input = dialog().getByLabelText('Publish at');
    expect(dialog().getByText(/Your time zone:/)).toBeInTheDocument();
    const past = toLocalInput(new Date(Date.now() - 3_600_000));
    fireEvent.change(input, { target: { value: past } });
    expect(dialog().getByRole('alert')).toHaveTextContent(SCHEDULE_MESSAGES.past);
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    expect(saveVideoEdit.calls).toHaveLength(0);

    const later = toLocalInput(new Date(Date.now() + 2 * 3_600_000));
    fireEvent.change(input, { target: { value: later } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    expect(saveVideoEdit.calls).toHaveLength(1);
    expect((saveVideoEdit.calls[0] as { visibility: unknown }).visibility).toEqual({
      visibility: 'private',
      publishAt: new Date(later).toISOString(),
      problem: null,
    });
    const publishAt = new Date(later).toISOString();
    await act(async () =>
      saveVideoEdit.resolve({
        ...videos[0],
        visibility: 'private',
        isPublished: false,
        publishAt,
      }),
    );
    expect(row('Open one')).toHaveTextContent(`Scheduled · ${formatFullDate(publishAt)}`);
  });

  it('opens a scheduled video with its time, and Public drops the schedule', async () => {
    await openVideoList(videos);
    fireEvent.click(within(row('Premiere')).getByRole('button', { name: 'Edit' }));
    expect(dialog().getByRole('radio', { name: 'Private' })).toBeChecked();
    expect(dialog().getByRole('checkbox', { name: 'Schedule' })).toBeChecked();
    expect(dialog().getByLabelText('Publish at')).toHaveValue(toLocalInput(new Date(inAnHour)));
    fireEvent.click(dialog().getByRole('radio', { name: 'Public' }));
    expect(dialog().queryByLabelText('Publish at')).not.toBeInTheDocument();
  });
});
