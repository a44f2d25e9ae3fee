/**
 * One's own comments under a video (issue 29): edit ("(edited)" after) and delete (asked first)
 * from the comment's menu; others' comments have no menu; a long comment is collapsed behind
 * Read more.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Comment } from '../../contract/shapes';
import type { Page, PageRequest } from '../../machines/pager.machine';
import { ApiError } from '../../src/api/client';
import { CommentsSection } from '../../src/features/videos/comments-section';
import {
  installIntersectionObserver,
  makeComment,
  makeUser,
  renderVideoPage,
} from './videos-helpers';

beforeEach(() => installIntersectionObserver());

const me = makeUser();
const mine = makeComment(1, {
  content: 'My first take',
  owner: { _id: me._id, userName: me.userName, fullName: me.fullName, avatar: '' },
});
const theirs = makeComment(2, { content: 'Their take' });

function setup({ failDelete = false } = {}) {
  const fetchCommentPage = vi.fn(async (_: PageRequest): Promise<Page> => ({
    items: [mine, theirs],
    total: 2,
  }));
  const editComment = vi.fn(
    async ({
      commentId,
      content,
    }: {
      commentId: string;
      content: string;
      mode?: string;
    }): Promise<Comment> => ({
      ...mine,
      _id: commentId,
      content,
      updatedAt: new Date(Date.now() + 1000).toISOString(),
    }),
  );
  const deleteComment = vi.fn(async (_: { commentId: string }) => {
    if (failDelete) throw new ApiError('Comment not found', 404);
  });
  renderVideoPage(<CommentsSection videoId="v1" />, {
    user: me,
    actors: {
      fetchCommentPage: fromPromise(({ input }) => fetchCommentPage(input)),
      // The composer saves an edit through submitText (issue 33: one box for replies and edits).
      submitText: fromPromise(({ input }) => editComment(input)),
      deleteComment: fromPromise(({ input }) => deleteComment(input)),
    },
  });
  return { editComment, deleteComment };
}

const row = (text: string) =>
  screen.getByText(text).closest('[data-testid="comment"]') as HTMLElement;

describe('a long comment', () => {
  it('is clamped with Read more when its text runs past four lines, and opens in place', async () => {
    // jsdom lays nothing out: a clamped paragraph reports more content than it shows.
    const height = vi
      .spyOn(HTMLElement.prototype, 'scrollHeight', 'get')
      .mockImplementation(function (this: HTMLElement) {
        return this.textContent?.startsWith('Long') ? 400 : 20;
      });
    const client = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(20);
    try {
      setup();
      const long = makeComment(3, { content: `Long ${'words '.repeat(200)}` });
      renderVideoPage(<CommentsSection videoId="v2" />, {
        user: me,
        actors: {
          fetchCommentPage: fromPromise(async (): Promise<Page> => ({ items: [long], total: 1 })),
        },
      });
      const more = await screen.findByRole('button', { name: 'Read more' });
      // The short comments of the list setup() renders beside it get no toggle.
      expect(screen.getAllByRole('button', { name: 'Read more' })).toHaveLength(1);
      await userEvent.click(more);
      expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    } finally {
      height.mockRestore();
      client.mockRestore();
    }
  });
});

describe('own comments', () => {
  it("offers a menu on one's own comment only", async () => {
    setup();
    await screen.findByText('My first take');
    expect(
      within(row('My first take')).getByRole('button', { name: 'Actions for your comment' }),
    ).toBeInTheDocument();
    // Others' comments: like and Reply, but no menu for someone who is not the video's creator.
    expect(
      within(row('Their take')).queryByRole('button', { name: /^Actions|^Comment actions/ }),
    ).not.toBeInTheDocument();
    expect(within(row('Their take')).getByRole('button', { name: 'Reply' })).toBeInTheDocument();
  });

  it('edits in place and shows (edited)', async () => {
    const { editComment } = setup();
    await screen.findByText('My first take');
    expect(row('My first take')).not.toHaveTextContent('(edited)');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for your comment' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const box = screen.getByLabelText('Edit your comment');
    expect(box).toHaveFocus();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, '  My second take ');
    await userEvent.click(save);
    expect(editComment).toHaveBeenCalledWith({
      mode: 'edit',
      commentId: 'c1',
      content: 'My second take',
    });
    expect(await screen.findByText('My second take')).toBeInTheDocument();
    expect(row('My second take')).toHaveTextContent('(edited)');
    expect(screen.queryByLabelText('Edit your comment')).not.toBeInTheDocument();
  });

  it('deletes only after the question, and the count goes down', async () => {
    const { deleteComment } = setup();
    await screen.findByText('My first take');
    expect(screen.getByRole('heading', { name: '2 Comments' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for your comment' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete comment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleteComment).not.toHaveBeenCalled();
    expect(screen.getByText('My first take')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for your comment' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const again = screen.getByRole('dialog', { name: 'Delete comment?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(deleteComment).toHaveBeenCalledWith({ commentId: 'c1' });
    await waitFor(() => expect(screen.queryByText('My first take')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: '1 Comment' })).toBeInTheDocument();
  });

  it('keeps the comment and says why when deleting fails', async () => {
    setup({ failDelete: true });
    await screen.findByText('My first take');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for your comment' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete comment?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Comment not found')).toBeInTheDocument();
    expect(screen.getByText('My first take')).toBeInTheDocument();
  });
});
