/**
 * A search's spelling correction (issue 31, contract/search.ts Spelling): "Showing results for
 * *bread*" with "Search instead for bred" when the typed words found nothing, or "Did you mean
 * *bread*?" when they found a little. Both are links to the search page, filters kept.
 */
import styled from 'styled-components';
import { Link } from 'wouter';
import type { Spelling } from '../../../contract/search';
import type { SearchFilters } from '../../../machines/search-filters';
import { searchHref } from './search-url';

const Notice = styled.p`
  margin: 0;
  line-height: 1.6;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    color: ${({ theme }) => theme.colors.accent};
    font-weight: 600;
  }
  em {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 700;
  }
`;

export function SpellingNotice({
  typed,
  spelling,
  filters,
}: {
  typed: string;
  spelling: Spelling;
  filters: SearchFilters;
}) {
  const corrected = searchHref(spelling.corrected, { ...filters, exact: undefined });
  if (!spelling.applied)
    return (
      <Notice role="status">
        Did you mean{' '}
        <Link href={corrected}>
          <em>{spelling.corrected}</em>
        </Link>
        ?
      </Notice>
    );
  return (
    <Notice role="status">
      Showing results for <em>{spelling.corrected}</em>
      <br />
      Search instead for <Link href={searchHref(typed, { ...filters, exact: true })}>{typed}</Link>
    </Notice>
  );
}
