/**
 * The Edit video dialog from a dashboard row: filled with the video's own values and thumbnail,
 * the upload form's tag rules, the upload's required fields (title, description, a tag), saving
 * (buttons disabled, the row updated in place, likes kept), a failure that keeps what was typed,
 * Escape and Cancel.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client';
import { installIntersectionObserver } from './videos-helpers';
import { makeOwnVideo, openVideoList } from './dashboard-videos-helpers';

beforeEach(() => installIntersectionObserver());

const video = makeOwnVideo(1, {
  title: 'Sunset',
  description: 'At the beach',
  tags: ['sea', 'sun'],
  likeCount: 7,
});

const row = (title: string) => screen.getByRole('listitem', { name: title });
const dialog = () => within(screen.getByRole('dialog', { name: 'Edit video' }));

const REQUIRED = 'All fields marked with * are required! You must add at least one tag.';

async function openEdit() {
  const fakes = await openVideoList([video]);
  fireEvent.click(within(row('Sunset')).getByRole('button', { name: 'Edit' }));
  return fakes;
}

describe('Edit video dialog', () => {
  it('opens with the video’s values, its current thumbnail and focus in the first field', async () => {
    await openEdit();
    expect(dialog().getByLabelText('Title *')).toHaveValue('Sunset');
    expect(dialog().getByLabelText('Title *')).toHaveFocus();
    expect(dialog().getByLabelText('Description *')).toHaveValue('At the beach');
    expect(dialog().getByRole('img', { name: 'Current thumbnail' })).toHaveAttribute(
      'src',
      video.thumbnail,
    );
    const tags = dialog().getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['sea', 'sun']);
  });

  it('closes at once on Escape when nothing changed', async () => {
    await openEdit();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("asks 'Discard changes?' on Escape after a change; Keep editing keeps everything", async () => {
    const { saveVideoEdit } = await openEdit();
    fireEvent.change(dialog().getByLabelText('Title *'), { target: { value: 'Sunrise' } });
    fireEvent.keyDown(document, { key: 'Escape' });
    const question = within(screen.getByRole('dialog', { name: 'Discard changes?' }));
    expect(question.getByText('What you changed in this dialog will be lost.')).toBeInTheDocument();
    expect(question.getByRole('button', { name: 'Keep editing' })).toHaveFocus();

    // Escape while asking means "keep editing", like the button.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(dialog().getByLabelText('Title *')).toHaveValue('Sunrise');
    fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(row('Sunset')).getByText('Sunset')).toBeInTheDocument();
    expect(saveVideoEdit.calls).toHaveLength(0);
  });

  it('edits tags with the upload form’s rules: comma and Add finish a tag, duplicates ignored', async () => {
    await openEdit();
    const box = dialog().getByRole('textbox', { name: 'Tags *' });
    fireEvent.change(box, { target: { value: ' waves, sea,' } });
    expect(box).toHaveValue('');
    fireEvent.change(box, { target: { value: 'gulls' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Add' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Remove tag sun' }));
    const chips = within(dialog().getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(chips.map((li) => li.firstChild?.textContent)).toEqual(['sea', 'waves', 'gulls']);
  });

  it("refuses a blank title with the upload's required-fields text and sends nothing", async () => {
    const { saveVideoEdit } = await openEdit();
    fireEvent.change(dialog().getByLabelText('Title *'), { target: { value: '   ' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    expect(dialog().getByRole('alert')).toHaveTextContent(REQUIRED);
    expect(saveVideoEdit.calls).toHaveLength(0);
    // The toast says it too (the toast library loads lazily: wait for it; findAll would settle
    // on the form's own alert alone).
    await waitFor(() => expect(screen.getAllByText(REQUIRED)).toHaveLength(2));
  });

  it('refuses a blank description and no tags, as the upload dialog does (spec §5)', async () => {
    const { saveVideoEdit } = await openEdit();
    fireEvent.change(dialog().getByLabelText('Description *'), { target: { value: '  ' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    expect(dialog().getByRole('alert')).toHaveTextContent(REQUIRED);
    fireEvent.change(dialog().getByLabelText('Description *'), { target: { value: 'Dawn' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Remove tag sea' }));
    expect(dialog().queryByText(/Add at least one tag/)).not.toBeInTheDocument();
    fireEvent.click(dialog().getByRole('button', { name: 'Remove tag sun' }));
    expect(dialog().getByText(/Add at least one tag/)).toBeInTheDocument();
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    expect(dialog().getByRole('alert')).toHaveTextContent(REQUIRED);
    expect(saveVideoEdit.calls).toHaveLength(0);
  });

  it('refuses a picked thumbnail that is no picture or too large at once, beside the picker', async () => {
    const { saveVideoEdit } = await openEdit();
    const pdf = new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' });
    fireEvent.change(dialog().getByLabelText('Replace thumbnail'), { target: { files: [pdf] } });
    expect(
      dialog().getByText('Thumbnail must be a PNG, JPG, GIF or WebP image'),
    ).toBeInTheDocument();
    expect(dialog().getByRole('img', { name: 'Current thumbnail' })).toBeInTheDocument();
    const huge = new File([new Uint8Array(11 * 1024 * 1024)], 'huge.png', { type: 'image/png' });
    fireEvent.change(dialog().getByLabelText('Replace thumbnail'), { target: { files: [huge] } });
    expect(dialog().getByText('Thumbnail is larger than 10 MB')).toBeInTheDocument();
    expect(dialog().getByRole('img', { name: 'Current thumbnail' })).toBeInTheDocument();
    expect(saveVideoEdit.calls).toHaveLength(0);
  });

  it('saves trimmed values and a new thumbnail, then updates the row in place', async () => {
    const { saveVideoEdit, editedIds } = await openEdit();
    const image = new File(['png'], 'new.png', { type: 'image/png' });
    fireEvent.change(dialog().getByLabelText('Replace thumbnail'), {
      target: { files: [image] },
    });
    expect(dialog().getByRole('img', { name: 'New thumbnail preview' })).toBeInTheDocument();
    fireEvent.change(dialog().getByLabelText('Title *'), { target: { value: '  Sunrise ' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    expect(editedIds).toEqual([video._id]);
    expect(saveVideoEdit.calls).toEqual([
      {
        title: 'Sunrise',
        description: 'At the beach',
        tags: ['sea', 'sun'],
        thumbnail: image,
        // Issue 34: the picker's choice, unchanged (the save sends visibility only if changed).
        visibility: { visibility: 'public', publishAt: null, problem: null },
      },
    ]);
    // While saving every button is disabled, the close button included.
    // (The busy Save button's name includes its spinner's 'Loading'.)
    expect(dialog().getByRole('button', { name: /Save/ })).toBeDisabled();
    expect(dialog().getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(dialog().getByRole('button', { name: 'Close' })).toBeDisabled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Edit video' })).toBeInTheDocument();

    const { likeCount: _likes, ...answer } = { ...video, title: 'Sunrise' };
    await act(async () => saveVideoEdit.resolve(answer));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The row shows the server's title and keeps its likes (the edit's answer has none).
    expect(within(row('Sunrise')).getByRole('link', { name: 'Sunrise' })).toBeInTheDocument();
    expect(row('Sunrise')).toHaveTextContent('7 likes');
  });

  it('keeps everything typed and shows the server’s reason when the save fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { saveVideoEdit } = await openEdit();
    fireEvent.change(dialog().getByLabelText('Title *'), { target: { value: 'Sunrise' } });
    fireEvent.change(dialog().getByLabelText('Description *'), { target: { value: 'Early' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await act(async () =>
      saveVideoEdit.reject(new ApiError('title: Title can be at most 100 characters', 400)),
    );
    // The server's sentence, without the field name it puts first for programs.
    expect(dialog().getByRole('alert')).toHaveTextContent(/^Title can be at most 100 characters$/);
    expect(dialog().getByLabelText('Title *')).toHaveValue('Sunrise');
    expect(dialog().getByLabelText('Description *')).toHaveValue('Early');
    expect(dialog().getByRole('button', { name: 'Save' })).toBeEnabled();
    // The row is unchanged.
    expect(row('Sunset')).toBeInTheDocument();
    logged.mockRestore();
  });

  it('closes on Escape and on Cancel without saving, focus back on the Edit button', async () => {
    const { saveVideoEdit } = await openEdit();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const edit = within(row('Sunset')).getByRole('button', { name: 'Edit' });
    edit.focus();
    fireEvent.click(edit);
    fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
    expect(saveVideoEdit.calls).toHaveLength(0);
  });
});
