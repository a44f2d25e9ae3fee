/**
 * The conversation under a video (issue 33) on the watch page: the heading's count, Sort by,
 * comments off and the creator's switch, the creator's menu, threads with Reply and its
 * "@userName " pre-fill, likes, pinned and hearted comments, tombstones, held and blocked notes,
 * and a live reply reaching its open thread only.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { commentFixture } from '../machines/comment-fixtures';
import { renderConversation } from './conversation-helpers';
import { makeUser } from './videos-helpers';

const me = makeUser();
const mine = { _id: me._id, userName: me.userName, fullName: me.fullName, avatar: '' };
const c1 = commentFixture('c1', { content: 'First!', replyCount: 2, likeCount: 3 });
const c2 = commentFixture('c2', { content: 'Second' });
const threadOfC1 = [
  commentFixture('r1', { content: 'A reply', parentId: 'c1' }),
  commentFixture('r2', { content: 'Another reply', parentId: 'c1' }),
];
const row = (text: string) =>
  screen.getByText(text).closest('[data-testid="comment"], [data-testid="reply"]') as HTMLElement;

describe('conversation: list', () => {
  it('counts comments and replies in the heading and sorts by Top comments, then Newest first', async () => {
    const { fetchCommentPage } = renderConversation({
      comments: [c1, c2],
      commentAndReplyCount: 1234,
    });
    expect(await screen.findByRole('heading', { name: '1,234 Comments' })).toBeInTheDocument();
    expect(fetchCommentPage).toHaveBeenLastCalledWith({
      page: 1,
      limit: 9,
      params: { videoId: 'v1', sort: 'top' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sort by' }));
    expect(screen.getByRole('menuitemradio', { name: 'Top comments' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Newest first' }));
    await waitFor(() =>
      expect(fetchCommentPage).toHaveBeenLastCalledWith({
        page: 1,
        limit: 9,
        params: { videoId: 'v1', sort: 'newest' },
      }),
    );
  });

  it('says comments are turned off: no add box, no Reply, no switch for a viewer', async () => {
    renderConversation({ comments: [c1], commentsOff: true });
    expect(await screen.findByText('Comments are turned off.')).toBeInTheDocument();
    expect(screen.getByText('First!')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a comment')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Allow comments' })).not.toBeInTheDocument();
  });

  it('gives the creator a switch that turns comments off', async () => {
    const { saveCommentSettings } = renderConversation({ comments: [c1], canModerate: true });
    const allow = await screen.findByRole('switch', { name: 'Allow comments' });
    expect(allow).toBeChecked();
    expect(screen.getByLabelText('Add a comment')).toBeInTheDocument();
    await userEvent.click(allow);
    expect(saveCommentSettings).toHaveBeenCalledWith({ videoId: 'v1', commentsOff: true });
    expect(await screen.findByText('Comments are turned off.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a comment')).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Allow comments' })).not.toBeChecked();
  });

  it('shows a tombstone for a deleted comment whose replies remain, and the pinned and hearted labels', async () => {
    renderConversation(
      {
        comments: [
          commentFixture('c7', { pinned: true, hearted: true, content: 'Pinned one' }),
          commentFixture('c8', { deleted: true, content: '', replyCount: 2 }),
        ],
      },
      { replies: { c8: threadOfC1 } },
    );
    await screen.findByText('Pinned one');
    const pinned = row('Pinned one');
    expect(within(pinned).getByText('Pinned by @chan')).toBeInTheDocument();
    expect(within(pinned).getByText('♥ by the creator')).toBeInTheDocument();
    const tomb = row('Comment deleted');
    expect(within(tomb).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    expect(within(tomb).queryByRole('button', { name: /^Like/ })).not.toBeInTheDocument();
    await userEvent.click(within(tomb).getByRole('button', { name: '2 replies' }));
    expect(await within(tomb).findByText('Another reply')).toBeInTheDocument();
  });

  it("marks the author's own held and blocked comments", async () => {
    renderConversation(
      {
        comments: [
          commentFixture('c3', { owner: mine, content: 'Held one', status: 'held' }),
          commentFixture('c4', { owner: mine, content: 'Blocked one', status: 'blocked' }),
        ],
      },
      { user: me },
    );
    await screen.findByText('Held one');
    expect(within(row('Held one')).getByText('Held for review')).toBeInTheDocument();
    expect(
      within(row('Blocked one')).getByText('Only you can see this comment'),
    ).toBeInTheDocument();
    expect(
      within(row('Held one')).queryByRole('button', { name: 'Reply' }),
    ).not.toBeInTheDocument();
  });
});

describe('conversation: threads and likes', () => {
  it('opens a thread, answers a reply pre-filled with "@userName ", and shows the new reply', async () => {
    const { submitText, fetchReplies } = renderConversation(
      { comments: [c1, c2] },
      { replies: { c1: threadOfC1 } },
    );
    await screen.findByText('First!');
    expect(within(row('Second')).queryByRole('button', { name: /repl/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2 replies' }));
    expect(await screen.findByText('Another reply')).toBeInTheDocument();
    expect(fetchReplies).toHaveBeenCalledWith({ page: 1, limit: 10, params: { commentId: 'c1' } });
    expect(screen.getByRole('button', { name: 'Hide replies' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await userEvent.click(within(row('Another reply')).getByRole('button', { name: 'Reply' }));
    const box = screen.getByLabelText('Add a reply');
    expect(box).toHaveValue('@userr2 ');
    expect(box).toHaveFocus();
    await userEvent.type(box, 'good point');
    await userEvent.click(within(box.closest('form')!).getByRole('button', { name: 'Reply' }));
    expect(submitText).toHaveBeenCalledWith({
      mode: 'reply',
      commentId: 'r2',
      content: '@userr2 good point',
    });
    expect(await screen.findByText('@userr2 good point')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a reply')).not.toBeInTheDocument();
    // Focus goes back to the Reply button the box opened from.
    expect(within(row('Another reply')).getByRole('button', { name: 'Reply' })).toHaveFocus();
  });

  it('likes a comment: aria-pressed and the count follow the answer', async () => {
    const { toggleCommentLike } = renderConversation({ comments: [c1] });
    const like = await screen.findByRole('button', { name: 'Like, 3 likes' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(like);
    expect(toggleCommentLike).toHaveBeenCalledWith({ commentId: 'c1' });
    expect(await screen.findByRole('button', { name: 'Like, 1 like' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('reloads only the open thread a live reply joined, and the heading counts it', async () => {
    const { live, replies, fetchReplies, fetchCommentPage } = renderConversation(
      {
        comments: [c1, commentFixture('c5', { content: 'Other', replyCount: 1 })],
        commentAndReplyCount: 5,
      },
      { replies: { c1: [...threadOfC1], c5: [commentFixture('r5', { parentId: 'c5' })] } },
    );
    await screen.findByText('First!');
    await userEvent.click(screen.getByRole('button', { name: '2 replies' }));
    await screen.findByText('Another reply');
    await waitFor(() => expect(live.ready()).toBe(true));
    const listLoads = fetchCommentPage.mock.calls.length;
    replies.c1!.push(commentFixture('r3', { content: 'Live reply', parentId: 'c1' }));
    live.comment('r3', 'c1');
    expect(await screen.findByText('Live reply')).toBeInTheDocument();
    expect(fetchReplies.mock.calls.map(([r]) => r.params.commentId)).toEqual(['c1', 'c1']);
    expect(fetchCommentPage).toHaveBeenCalledTimes(listLoads);
    // Two comments and three replies before; the live reply makes six without reloading the list.
    expect(screen.getByRole('heading', { name: '6 Comments' })).toBeInTheDocument();
  });
});

describe("conversation: the creator's menu", () => {
  it('is offered only to the creator, on comments and replies (Pin on comments only)', async () => {
    renderConversation({ comments: [c1] }, { replies: { c1: threadOfC1 } });
    await screen.findByText('First!');
    expect(screen.queryByRole('button', { name: 'Comment actions' })).not.toBeInTheDocument();
  });

  it('pins, hearts, deletes after asking, and blocks after asking', async () => {
    const { setPin, setHeart, deleteComment, blockUser, fetchCommentPage } = renderConversation(
      { comments: [c1, c2], canModerate: true },
      { replies: { c1: threadOfC1 } },
    );
    await screen.findByText('First!');
    const menuOf = (text: string) =>
      within(row(text)).getAllByRole('button', { name: 'Comment actions' })[0]!;
    await userEvent.click(menuOf('Second'));
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Pin', 'Heart', 'Delete', 'Block user from channel']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Heart' }));
    expect(setHeart).toHaveBeenCalledWith({ commentId: 'c2', hearted: true });
    expect(await within(row('Second')).findByText('♥ by the creator')).toBeInTheDocument();

    const loads = fetchCommentPage.mock.calls.length;
    await userEvent.click(menuOf('Second'));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Pin' }));
    expect(setPin).toHaveBeenCalledWith({ commentId: 'c2', pinned: true });
    await waitFor(() => expect(fetchCommentPage.mock.calls.length).toBe(loads + 1));

    // A reply's menu has no Pin.
    await userEvent.click(within(row('First!')).getByRole('button', { name: '2 replies' }));
    await screen.findByText('A reply');
    await userEvent.click(menuOf('A reply'));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Heart',
      'Delete',
      'Block user from channel',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block user from channel' }));
    const ask = screen.getByRole('dialog', { name: 'Block user from channel?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Block' }));
    expect(blockUser).toHaveBeenCalledWith({ userId: 'ur1' });

    await userEvent.click(menuOf('Second'));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const del = screen.getByRole('dialog', { name: 'Delete comment?' });
    expect(within(del).getByText('Delete this comment permanently?')).toBeInTheDocument();
    await userEvent.click(within(del).getByRole('button', { name: 'Delete' }));
    expect(deleteComment).toHaveBeenCalledWith({ commentId: 'c2' });
  });

  it('leaves "Comment deleted" with its replies when a comment with replies is deleted', async () => {
    renderConversation({ comments: [c1, c2], canModerate: true }, { replies: { c1: threadOfC1 } });
    await screen.findByText('First!');
    await userEvent.click(
      within(row('First!')).getAllByRole('button', { name: 'Comment actions' })[0]!,
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const ask = screen.getByRole('dialog', { name: 'Delete comment?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Comment deleted');
    const tomb = row('Comment deleted');
    expect(screen.queryByText('First!')).not.toBeInTheDocument();
    expect(within(tomb).getByRole('button', { name: '2 replies' })).toBeInTheDocument();
    // Without replies the comment goes.
    await userEvent.click(within(row('Second')).getByRole('button', { name: 'Comment actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete comment?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByText('Second')).not.toBeInTheDocument());
    expect(screen.getAllByText('Comment deleted')).toHaveLength(1);
  });
});
