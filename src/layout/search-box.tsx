import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import styled from 'styled-components';
import {
  searchSuggestMachine,
  selectHighlighted,
  selectIsOpen,
  selectSuggestions,
  selectText,
} from '../../machines/search-suggest.machine';
import { isBlank } from '../../machines/validation';
import { useActors } from '../actors';
import { SearchIcon } from '../ui/icons';
import { useEmitted } from '../use-emitted';
import { optionId, SearchSuggestions } from './search-suggestions';

const Box = styled.div`
  position: relative;
  width: 100%;
  max-width: 560px;
`;
const Form = styled.form`
  display: flex;
  width: 100%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.bg};
  overflow: hidden;
  &:focus-within {
    border-color: ${({ theme }) => theme.colors.accent};
  }
`;
const Field = styled.input`
  flex: 1;
  min-width: 0;
  padding: 8px 16px;
  border: none;
  background: transparent;
  &:focus-visible {
    outline: none;
  }
`;
const Submit = styled.button`
  display: grid;
  place-items: center;
  width: 52px;
  border: none;
  border-left: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

/**
 * Builds the search URL; null for blank text, which is never searched (spec §5). A new query
 * starts without the results page's filters and sort (issue 31): they narrowed the last query.
 */
export function searchHref(text: string): string | null {
  return isBlank(text) ? null : `/search?query=${encodeURIComponent(text.trim())}`;
}

/** The keys the combobox handles (WAI-ARIA APG), as the suggestions machine's events. */
const KEY_EVENTS = {
  ArrowDown: { type: 'ARROW_DOWN' },
  ArrowUp: { type: 'ARROW_UP' },
  Escape: { type: 'ESCAPE' },
} as const;

/**
 * The search box: a combobox offering suggestions while typing (searchSuggestMachine); submits
 * to /search?query= only for non-blank trimmed text.
 */
export function SearchBox({
  autoFocus,
  onSearched,
}: {
  autoFocus?: boolean;
  onSearched?: () => void;
}) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const { fetchSuggestions } = useActors();
  // Start from the current query so the box shows what the results page is about.
  const box = useActorRef(searchSuggestMachine.provide({ actors: { fetchSuggestions } }), {
    input: { text: new URLSearchParams(search).get('query') ?? '' },
  });
  const text = useSelector(box, selectText);
  const open = useSelector(box, selectIsOpen);
  const suggestions = useSelector(box, selectSuggestions);
  const highlighted = useSelector(box, selectHighlighted);
  const listId = useId();
  useEmitted(box, {
    submitted: ({ text: query }) => {
      const href = searchHref(query);
      if (!href) return;
      navigate(href);
      onSearched?.();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    box.send({ type: 'ENTER' });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const event = KEY_EVENTS[e.key as keyof typeof KEY_EVENTS];
    if (!event) return;
    // Arrows move through the list instead of the caret; Escape is ours (no native clear).
    if (open || e.key !== 'ArrowUp') e.preventDefault();
    box.send(event);
  };

  return (
    <Box>
      <Form role="search" onSubmit={submit}>
        <Field
          type="text"
          inputMode="search"
          enterKeyHint="search"
          role="combobox"
          placeholder="Search"
          aria-label="Search"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={highlighted >= 0 ? optionId(listId, highlighted) : undefined}
          autoComplete="off"
          value={text}
          autoFocus={autoFocus}
          maxLength={200}
          onChange={(e) => box.send({ type: 'TYPED', text: e.target.value })}
          onKeyDown={onKeyDown}
          onBlur={() => box.send({ type: 'CLOSE' })}
        />
        <Submit type="submit" aria-label="Search videos">
          <SearchIcon size={20} />
        </Submit>
      </Form>
      {/* Always in the page, hidden while closed, so aria-controls names an element. */}
      <SearchSuggestions
        id={listId}
        open={open}
        label="Search suggestions"
        suggestions={suggestions}
        typed={text}
        highlighted={highlighted}
        onHighlight={(index) => box.send({ type: 'HIGHLIGHT', index })}
        onChoose={(index) => box.send({ type: 'CHOOSE', index })}
      />
    </Box>
  );
}
