import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import styled from 'styled-components';
import { isBlank } from '../../machines/validation';
import { SearchIcon } from '../ui/icons';

const Form = styled.form`
  display: flex;
  width: 100%;
  max-width: 560px;
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

/** Builds the search URL; null for blank text, which is never searched (spec §5). */
export function searchHref(text: string): string | null {
  return isBlank(text) ? null : `/search?query=${encodeURIComponent(text.trim())}`;
}

/** The search box: submits to /search?query= only for non-blank trimmed text. */
export function SearchBox({
  autoFocus,
  onSearched,
}: {
  autoFocus?: boolean;
  onSearched?: () => void;
}) {
  const [, navigate] = useLocation();
  const search = useSearch();
  // Start from the current query so the box shows what the results page is about.
  const [text, setText] = useState(() => new URLSearchParams(search).get('query') ?? '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const href = searchHref(text);
    if (!href) return;
    navigate(href);
    onSearched?.();
  };

  return (
    <Form role="search" onSubmit={submit}>
      <Field
        type="search"
        placeholder="Search"
        aria-label="Search"
        value={text}
        autoFocus={autoFocus}
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
      />
      <Submit type="submit" aria-label="Search videos">
        <SearchIcon size={20} />
      </Submit>
    </Form>
  );
}
