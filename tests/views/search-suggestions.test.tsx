/**
 * The search box's suggestions while typing (issue 31): a WAI-ARIA combobox used with the keyboard
 * and with the mouse or a finger. jsdom sees the phone layout, so the box is the search overlay.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Suggestion } from '../../contract/search';
import { accountFakes, fake, renderApp, type AccountFakes } from './app-helpers';

const bre: Suggestion[] = [
  { text: 'bread', kind: 'query' },
  { text: 'No-Knead Bread: The Only Recipe You Need', kind: 'title' },
  { text: 'Brewing coffee', kind: 'title' },
];

function renderWithSuggestions(answer: (text: string) => Suggestion[] = () => bre) {
  const fetchSuggestions = fake<{ text: string }, Suggestion[]>(({ text }) => answer(text));
  const fakes = { ...accountFakes(), fetchSuggestions } as AccountFakes;
  return { ...renderApp('/', fakes), fetchSuggestions };
}

async function openBox(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Open search' }));
  return screen.findByRole('combobox', { name: 'Search' });
}

describe('search suggestions', () => {
  it('lists suggestions under the box once the typist pauses, asking once for the text', async () => {
    const { user, fetchSuggestions } = renderWithSuggestions();
    const box = await openBox(user);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'bre');
    const list = await screen.findByRole('listbox', { name: 'Search suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(fetchSuggestions.calls).toEqual([{ text: 'bre' }]);
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(bre.map((s) => s.text));
    // The typed part plain, the completion bold.
    const typed = within(options[1]!).getByText('Bre');
    expect(typed).toHaveStyle({ fontWeight: '400' });
    expect(options[1]).toHaveStyle({ fontWeight: '700' });
  });

  it('moves through the suggestions with the arrows, wrapping, and Enter searches the highlighted one', async () => {
    const { user, path } = renderWithSuggestions();
    const box = await openBox(user);
    await user.type(box, 'bre');
    const list = await screen.findByRole('listbox');
    const options = within(list).getAllByRole('option');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    // Wrapped to the last.
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    // A new query starts without filters: only `query` in the URL.
    await waitFor(() =>
      expect(path()).toBe('/search?query=No-Knead%20Bread%3A%20The%20Only%20Recipe%20You%20Need'),
    );
    // The search closed the overlay.
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument();
  });

  it('Enter with nothing highlighted searches the typed text; Escape closes, then clears', async () => {
    const { user, path } = renderWithSuggestions();
    const box = await openBox(user);
    await user.type(box, 'bre');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('bre');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}{Escape}');
    expect(box).toHaveValue('');
    await user.type(box, '  bre {Enter}');
    await waitFor(() => expect(path()).toBe('/search?query=bre'));
  });

  it('a click or tap on a suggestion searches it', async () => {
    const { user, path } = renderWithSuggestions();
    const box = await openBox(user);
    await user.type(box, 'bre');
    const list = await screen.findByRole('listbox');
    const bread = within(list).getByRole('option', { name: 'bread' });
    await user.hover(bread);
    expect(bread).toHaveAttribute('aria-selected', 'true');
    await user.click(bread);
    await waitFor(() => expect(path()).toBe('/search?query=bread'));
  });

  it('shows nothing when there is nothing to suggest or the request fails, and still searches', async () => {
    const { user, path, fetchSuggestions } = renderWithSuggestions((text) => {
      if (text === 'zz') throw new Error('Network down');
      return [];
    });
    const box = await openBox(user);
    await user.type(box, 'qq');
    await waitFor(() => expect(fetchSuggestions.calls).toHaveLength(1));
    await user.clear(box);
    await user.type(box, 'zz');
    await waitFor(() => expect(fetchSuggestions.calls).toHaveLength(2));
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // No error in the way: suggestions are a help, not a result.
    const overlay = screen.getByRole('dialog', { name: 'Search' });
    expect(within(overlay).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(overlay).queryByText(/network|failed/i)).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(path()).toBe('/search?query=zz'));
  });

  it('never asks about blank text', async () => {
    const { user, path, fetchSuggestions } = renderWithSuggestions();
    const box = await openBox(user);
    await user.type(box, '    {Enter}');
    expect(path()).toBe('/');
    expect(fetchSuggestions.calls).toEqual([]);
  });
});
