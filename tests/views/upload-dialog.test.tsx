import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../contract/limits';
import type { DashboardStats } from '../../contract/dashboard';
import type { VideoProcessing } from '../../contract/processing';
import type { VideoItem } from '../../contract/shapes';
import type { Page, PageRequest } from '../../machines/pager.machine';
import type { UploadRequest } from '../../machines/upload.types';
import DashboardContentPage from '../../src/pages/dashboard-content-page';
import { aStats } from '../machines/dashboard-fixtures';
import { makeOwnVideo } from './dashboard-videos-helpers';
import {
  deferred,
  installIntersectionObserver,
  makeUser,
  makeVideo,
  renderVideoPage,
} from './videos-helpers';

const REQUIRED = 'All fields marked with * are required! You must add at least one tag.';

beforeEach(() => {
  // jsdom has no object URLs; the thumbnail preview needs one.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.useRealTimers());

async function openDialog() {
  const capture = deferred<{ file: File; atSeconds: number }, Blob>();
  const upload = deferred<UploadRequest, VideoItem>();
  const ownVideoPage = deferred<PageRequest, Page>();
  const stats = deferred<void, DashboardStats>();
  const view = renderVideoPage(<DashboardContentPage />, {
    path: '/Dashboard/Content',
    user: makeUser({ fullName: 'Cora Creator' }),
    actors: {
      captureThumbnail: capture.logic,
      uploadVideo: upload.logic,
      fetchOwnVideoPage: ownVideoPage.logic,
      fetchStats: stats.logic,
    },
  });
  await screen.findByRole('heading', { name: 'Welcome back, Cora Creator' });
  fireEvent.click(screen.getByRole('button', { name: /Create/ }));
  const menu = screen.getByRole('menu', { name: 'Create' });
  expect(
    within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent),
  ).toEqual(['Upload Video', 'Create Playlist', 'Post Tweet']);
  fireEvent.click(within(menu).getByRole('menuitem', { name: 'Upload Video' }));
  const dialog = screen.getByRole('dialog', { name: 'Upload Video' });
  return { capture, upload, ownVideoPage, stats, dialog: within(dialog), ...view };
}

const MIB = 1024 ** 2;
const videoFile = () => new File(['x'.repeat(2 * MIB)], 'clip.mp4', { type: 'video/mp4' });

async function fillEverything(
  dialog: Awaited<ReturnType<typeof openDialog>>['dialog'],
  capture: Awaited<ReturnType<typeof openDialog>>['capture'],
) {
  fireEvent.change(dialog.getByLabelText('Video file *'), { target: { files: [videoFile()] } });
  await act(async () => capture.resolve(new Blob(['jpeg'], { type: 'image/jpeg' })));
  fireEvent.change(dialog.getByLabelText('Title *'), { target: { value: 'My trip' } });
  fireEvent.change(dialog.getByLabelText('Description *'), { target: { value: 'Mountains' } });
  fireEvent.change(dialog.getByLabelText('Tags *'), { target: { value: 'travel,' } });
}

describe('Upload dialog', () => {
  it('refuses to upload until every field and one tag are given, with the spec alert', async () => {
    const { dialog, capture, upload } = await openDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(REQUIRED);

    await fillEverything(dialog, capture);
    // Everything but the tag: still refused.
    fireEvent.click(dialog.getByRole('button', { name: 'Remove tag travel' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(REQUIRED);
    expect(upload.calls).toHaveLength(0);
    // Fixed: the alert goes as soon as the last missing field is given, before Upload.
    fireEvent.change(dialog.getByLabelText('Tags *'), { target: { value: 'travel,' } });
    expect(dialog.queryByText(REQUIRED)).not.toBeInTheDocument();
  });

  it('captures the thumbnail at 1 s from the chosen video and lets the user replace it', async () => {
    const { dialog, capture } = await openDialog();
    expect(dialog.getByText('No thumbnail yet')).toBeInTheDocument();
    const file = videoFile();
    fireEvent.change(dialog.getByLabelText('Video file *'), { target: { files: [file] } });
    expect(dialog.getByRole('status', { name: 'Capturing thumbnail' })).toBeInTheDocument();
    expect(capture.calls).toEqual([{ file, atSeconds: 1 }]);
    await act(async () => capture.resolve(new Blob(['jpeg'], { type: 'image/jpeg' })));
    expect(dialog.getByRole('img', { name: 'Thumbnail preview' })).toBeInTheDocument();

    const mine = new File(['png'], 'mine.png', { type: 'image/png' });
    fireEvent.change(dialog.getByLabelText('Replace thumbnail'), { target: { files: [mine] } });
    expect(URL.createObjectURL).toHaveBeenLastCalledWith(mine);
  });

  it('refuses a file that is not a video and an oversized thumbnail at once, beside their pickers', async () => {
    const { dialog, capture, upload } = await openDialog();
    const pdf = new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' });
    fireEvent.change(dialog.getByLabelText('Video file *'), { target: { files: [pdf] } });
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'Video file must be a video (MP4, WebM, MOV or MKV)',
    );
    expect(dialog.getByLabelText('Video file *')).toHaveAttribute('aria-invalid', 'true');
    expect(capture.calls).toHaveLength(0);

    const huge = new File([new Uint8Array(11 * MIB)], 'huge.png', { type: 'image/png' });
    fireEvent.change(dialog.getByLabelText('Choose thumbnail'), { target: { files: [huge] } });
    expect(dialog.getByText('Thumbnail is larger than 10 MB')).toBeInTheDocument();
    expect(dialog.getByText('No thumbnail yet')).toBeInTheDocument();

    // Larger than the server takes (contract/limits.ts): refused at once, in the server's words.
    const big = videoFile();
    Object.defineProperty(big, 'size', { value: LIMITS.videoBytes + 1 });
    fireEvent.change(dialog.getByLabelText('Video file *'), { target: { files: [big] } });
    expect(dialog.getByText('Video file is larger than 2 GB')).toBeInTheDocument();
    expect(capture.calls).toHaveLength(0);

    // A good video clears its reason; nothing was sent meanwhile.
    fireEvent.change(dialog.getByLabelText('Video file *'), { target: { files: [videoFile()] } });
    expect(dialog.queryByText(/must be a video/)).toBeNull();
    expect(upload.calls).toHaveLength(0);
  });

  it('adds tags with Enter, comma and Add; trimmed, empty and duplicates ignored', async () => {
    const { dialog } = await openDialog();
    const box = dialog.getByLabelText('Tags *');
    await userEvent.type(box, '  music {Enter}');
    await userEvent.type(box, 'travel,');
    await userEvent.type(box, 'food');
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await userEvent.type(box, 'music{Enter}');
    await userEvent.type(box, '   {Enter}');
    await userEvent.type(box, ',');
    const tags = within(dialog.getByRole('list', { name: 'Tags' }));
    expect(tags.getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual([
      'music',
      'travel',
      'food',
    ]);
    expect(box).toHaveValue('');
  });

  it('uploads: the bar climbs by 10 every 500 ms to 90, 100 on success, Finish only then', async () => {
    const { dialog, capture, upload } = await openDialog();
    await fillEverything(dialog, capture);
    vi.useFakeTimers();
    fireEvent.click(dialog.getByRole('button', { name: 'Upload' }));

    const progress = screen.getByRole('dialog', { name: 'Uploading Video' });
    const bar = within(progress).getByRole('progressbar', { name: 'Upload progress' });
    const finish = within(progress).getByRole('button', { name: 'Finish' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(finish).toBeDisabled();
    expect(upload.calls[0]).toMatchObject({
      title: 'My trip',
      description: 'Mountains',
      tags: ['travel'],
    });
    expect(within(progress).getByTestId('upload-bytes')).toHaveTextContent('0 B of 2 MB');

    act(() => upload.calls[0]!.onProgress(1.24 * MIB, 2 * MIB));
    expect(within(progress).getByTestId('upload-bytes')).toHaveTextContent('1.2 MB of 2 MB');

    await act(async () => vi.advanceTimersByTime(500));
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    await act(async () => vi.advanceTimersByTime(500 * 20));
    expect(bar).toHaveAttribute('aria-valuenow', '90');
    expect(within(progress).getByTestId('upload-percent')).toHaveTextContent('90%');
    expect(finish).toBeDisabled();
    expect(within(progress).queryByText('Processing on the server…')).toBeNull();

    // The browser counts the last byte once it sits in a socket buffer: not yet the server's.
    act(() => upload.calls[0]!.onProgress(2 * MIB, 2 * MIB));
    expect(within(progress).queryByText('Processing on the server…')).toBeNull();
    // The server holds every byte; it probes and stores the file before answering.
    act(() => upload.calls[0]!.onSent());
    expect(within(progress).getByRole('status')).toHaveTextContent('Processing on the server…');

    await act(async () => upload.resolve(makeVideo(7, { title: 'My trip' })));
    expect(within(progress).queryByText('Processing on the server…')).toBeNull();
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(within(progress).getByTestId('upload-bytes')).toHaveTextContent('2 MB of 2 MB');
    expect(finish).toBeEnabled();

    // The dialog closes by itself 1 s after success.
    await act(async () => vi.advanceTimersByTime(999));
    expect(screen.getByRole('dialog', { name: 'Uploading Video' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My trip' })).toHaveAttribute('href', '/watch/v7');
  });

  it('says the upload resumes while the connection is down, and clears that when it does', async () => {
    const { dialog, capture, upload } = await openDialog();
    await fillEverything(dialog, capture);
    fireEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    const progress = within(screen.getByRole('dialog', { name: 'Uploading Video' }));
    act(() => upload.calls[0]!.onProgress(1 * MIB, 2 * MIB));
    expect(progress.queryByRole('status')).not.toBeInTheDocument();

    act(() => upload.calls[0]!.onInterrupted());
    expect(progress.getByRole('status')).toHaveTextContent(
      'Connection lost. The upload continues from where it stopped as soon as the connection is back.',
    );
    expect(progress.getByTestId('upload-bytes')).toHaveTextContent('1 MB of 2 MB');

    act(() => upload.calls[0]!.onProgress(1.1 * MIB, 2 * MIB));
    expect(progress.queryByRole('status')).not.toBeInTheDocument();
    expect(progress.getByTestId('upload-bytes')).toHaveTextContent('1.1 MB of 2 MB');
  });

  it('says how much of the file the server already held when the same file resumes', async () => {
    const { dialog, capture, upload } = await openDialog();
    await fillEverything(dialog, capture);
    fireEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    const progress = within(screen.getByRole('dialog', { name: 'Uploading Video' }));
    expect(progress.queryByRole('status')).not.toBeInTheDocument();

    act(() => upload.calls[0]!.onResumed(34 * MIB, 41 * MIB));
    expect(progress.getByRole('status')).toHaveTextContent('Resuming: 34 MB of 41 MB already sent');
    expect(progress.getByTestId('upload-bytes')).toHaveTextContent('34 MB of 41 MB');
    act(() => upload.calls[0]!.onProgress(40 * MIB, 41 * MIB));
    expect(progress.getByRole('status')).toHaveTextContent('Resuming: 34 MB of 41 MB already sent');

    // A dropped line says so instead; the server's confirmation ends the resume message.
    act(() => upload.calls[0]!.onInterrupted());
    expect(progress.getByRole('status')).toHaveTextContent(/^Connection lost\./);
    act(() => upload.calls[0]!.onProgress(41 * MIB, 41 * MIB));
    act(() => upload.calls[0]!.onSent());
    expect(progress.getByRole('status')).toHaveTextContent('Processing on the server…');
  });

  it('lists the new video in Your videos, with its conversion status, once uploaded', async () => {
    installIntersectionObserver();
    const { dialog, capture, upload, ownVideoPage } = await openDialog();
    await act(async () => ownVideoPage.resolve({ items: [makeOwnVideo(1)], total: 1 }));
    await fillEverything(dialog, capture);
    fireEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    await act(async () => upload.resolve(makeVideo(7, { title: 'My trip' })));
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));

    // The list asks for its first page again, which now starts with the upload.
    expect(ownVideoPage.calls).toHaveLength(2);
    expect(ownVideoPage.calls[1]).toMatchObject({ page: 1 });
    const converting: VideoProcessing = {
      state: 'processing',
      progress: 0,
      error: null,
      renditions: [],
      hlsUrl: null,
    };
    await act(async () =>
      ownVideoPage.resolve({
        items: [makeOwnVideo(7, { title: 'My trip', processing: converting }), makeOwnVideo(1)],
        total: 2,
      }),
    );
    const row = screen.getByRole('listitem', { name: 'My trip' });
    expect(within(row).getByRole('status')).toHaveTextContent('Processing… 0%');
  });

  it('asks the channel stats again once uploaded, so Videos counts the new one', async () => {
    const { dialog, capture, upload, stats } = await openDialog();
    await act(async () => stats.resolve({ ...aStats, totalVideos: 1 }));
    const videosCell = () => within(screen.getByLabelText('Channel stats')).getByText('Videos');
    expect(videosCell().nextElementSibling).toHaveTextContent('1');
    await fillEverything(dialog, capture);
    fireEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    await act(async () => upload.resolve(makeVideo(7, { title: 'My trip' })));
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));

    expect(stats.calls).toHaveLength(2);
    await act(async () => stats.resolve({ ...aStats, totalVideos: 2 }));
    expect(videosCell().nextElementSibling).toHaveTextContent('2');
  });

  it('Finish closes the dialog at once', async () => {
    const { dialog, capture, upload } = await openDialog();
    await fillEverything(dialog, capture);
    fireEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    await act(async () => upload.resolve(makeVideo(8)));
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on failure logs the error, tells the user and returns to the filled form', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dialog, capture, upload } = await openDialog();
    await fillEverything(dialog, capture);
    fireEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    await act(async () =>
      upload.reject(new Error('videoFile: Video file contains no video stream')),
    );
    const form = within(screen.getByRole('dialog', { name: 'Upload Video' }));
    // The server's sentence, without the field name it puts first for programs.
    const words = 'Video file contains no video stream';
    expect(form.getByRole('alert')).toHaveTextContent(new RegExp(`^${words}$`));
    expect(form.getByLabelText('Title *')).toHaveValue('My trip');
    expect(logged).toHaveBeenCalledWith('Video upload failed:', words);
    // The toast shows the server's message too (the toast library loads lazily: wait for it;
    // findAll would settle on the form's own alert alone).
    await waitFor(() => expect(screen.getAllByText(words)).toHaveLength(2));
    logged.mockRestore();
  });
});
