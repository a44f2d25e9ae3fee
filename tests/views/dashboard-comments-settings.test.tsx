/**
 * The Comments tab's held words (chips, bounds said and checked before sending, Save, the
 * server's refusal) and blocked users (Unblock, its failure, the empty text).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONVERSATION } from '../../contract/limits';
import { BLOCKED_USERS_MESSAGES } from '../../machines/blocked-users.machine';
import { HELD_WORDS_MESSAGES } from '../../machines/held-words.machine';
import { ApiError } from '../../src/api/client';
import { loadDashboardChunk } from './dashboard-helpers';
import {
  blockedSection,
  commentsTabFakes,
  makeBlocked,
  renderCommentsTab,
  wordsSection,
} from './dashboard-comments-helpers';
import { installIntersectionObserver } from './videos-helpers';

beforeAll(loadDashboardChunk, 60_000);
beforeEach(() => installIntersectionObserver());

const { max, wordMax } = CONVERSATION.heldWords;
const chips = () =>
  within(within(wordsSection()).getByRole('list', { name: 'Held words' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const box = () => within(wordsSection()).getByRole('textbox', { name: 'Add a word or phrase' });
const button = (name: string | RegExp) => within(wordsSection()).getByRole('button', { name });

async function openWords(words: string[]) {
  const { fakes } = commentsTabFakes({ words });
  const view = renderCommentsTab(fakes);
  await screen.findByRole('textbox', { name: 'Add a word or phrase' });
  return { ...view, fakes };
}

describe('held words', () => {
  it('shows the saved words as chips with the bounds, Save disabled until something changes', async () => {
    await openWords(['spoiler', 'idiot']);
    expect(chips()).toEqual(['idiot', 'spoiler']);
    expect(wordsSection()).toHaveTextContent(`2 of ${max} words`);
    expect(box()).toHaveAccessibleDescription(HELD_WORDS_MESSAGES.hint);
    expect(button('Save')).toBeDisabled();
    expect(button('Add')).toBeDisabled();
  });

  it('adds typed words (comma-separated, stored lower case), removes one, and saves the whole list', async () => {
    const { user, fakes } = await openWords(['spoiler']);
    await user.type(box(), 'Free  Money, SPAM{Enter}');
    expect(chips()).toEqual(['free money', 'spam', 'spoiler']);
    expect(box()).toHaveValue('');
    await user.click(button('Remove “spoiler”'));
    expect(chips()).toEqual(['free money', 'spam']);
    await user.click(button('Save'));
    expect(fakes.saveHeldWords.calls).toEqual([{ words: ['free money', 'spam'] }]);
    // Its spinner names it "Loading Save" meanwhile.
    expect(button(/Save$/)).toBeDisabled();
    expect(box()).toBeDisabled();
    await act(async () => fakes.saveHeldWords.resolve(['free money', 'spam']));
    expect(await within(wordsSection()).findByRole('status')).toHaveTextContent(
      HELD_WORDS_MESSAGES.saved,
    );
    expect(button('Save')).toBeDisabled();
  });

  it('says which bound a typed word breaks, and sends nothing', async () => {
    const { user, fakes } = await openWords([]);
    await user.type(box(), 'ok, a');
    await user.click(button('Save'));
    expect(box()).toHaveAccessibleDescription(HELD_WORDS_MESSAGES.tooShort('a'));
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    await user.clear(box());
    await user.type(box(), 'y'.repeat(wordMax + 1));
    expect(box()).toHaveAccessibleDescription(HELD_WORDS_MESSAGES.hint);
    await user.click(button('Add'));
    expect(box()).toHaveAccessibleDescription(HELD_WORDS_MESSAGES.tooLong('y'.repeat(wordMax + 1)));
    expect(fakes.saveHeldWords.calls).toEqual([]);
  });

  it(`refuses more than ${max} words`, async () => {
    const full = Array.from({ length: max }, (_, i) => `word${String(i).padStart(3, '0')}`);
    const { user } = await openWords(full);
    await user.type(box(), 'one more{Enter}');
    expect(box()).toHaveAccessibleDescription(HELD_WORDS_MESSAGES.tooMany);
    expect(chips()).toHaveLength(max);
  });

  it("shows the server's refusal and keeps the edited list", async () => {
    const { user, fakes } = await openWords([]);
    await user.type(box(), 'scam');
    await user.click(button('Save'));
    await act(async () =>
      fakes.saveHeldWords.reject(new ApiError('words: A held word has 2 to 40 characters', 400)),
    );
    expect(await within(wordsSection()).findByRole('alert')).toHaveTextContent(
      'A held word has 2 to 40 characters',
    );
    expect(chips()).toEqual(['scam']);
    expect(button('Save')).toBeEnabled();
  });
});

describe('blocked users', () => {
  it('says so when nobody is blocked', async () => {
    renderCommentsTab();
    expect(await screen.findByText(BLOCKED_USERS_MESSAGES.empty)).toBeInTheDocument();
  });

  it('lists blocked users; Unblock waits, then removes them; a failure stays on the row', async () => {
    const { fakes } = commentsTabFakes({ blocked: [makeBlocked(1), makeBlocked(2)] });
    const { user } = renderCommentsTab(fakes);
    const list = await screen.findByRole('list', { name: 'Blocked users' });
    const row = (n: number) => within(list).getByRole('listitem', { name: `@troll${n}` });
    expect(within(row(1)).getByRole('link', { name: 'Troll 1' })).toHaveAttribute(
      'href',
      '/Channel/troll1',
    );
    await user.click(within(row(1)).getByRole('button', { name: 'Unblock @troll1' }));
    expect(fakes.performBlockedAction.calls).toEqual([{ action: 'unblock', id: 'b1' }]);
    expect(within(row(1)).getByRole('button', { name: 'Unblock @troll1' })).toHaveTextContent(
      'Unblocking…',
    );
    expect(within(row(2)).getByRole('button', { name: 'Unblock @troll2' })).toBeDisabled();
    await act(async () => fakes.performBlockedAction.reject(new Error('')));
    expect(await within(row(1)).findByRole('alert')).toHaveTextContent(
      BLOCKED_USERS_MESSAGES.unblockFailed,
    );
    await user.click(within(row(1)).getByRole('button', { name: 'Unblock @troll1' }));
    await act(async () => fakes.performBlockedAction.resolve({ blocked: false }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(blockedSection()).queryByRole('alert')).toBeNull();
  });
});
