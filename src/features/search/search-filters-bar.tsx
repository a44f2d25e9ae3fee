/**
 * The search page's filters (issue 31): a "Filters" button opens a panel of links (upload date,
 * duration, sort by), and each chosen filter shows as a chip whose ✕ removes it. Every choice is
 * a link to the search page's URL with that filter changed, so it is shareable and Back-able and
 * works without the panel's state surviving. Choosing the selected option again removes it; a
 * choice closes the panel, so the results it changed are in view (on a phone too).
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import {
  DURATION_LABELS,
  DURATIONS,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
  UPLOAD_DATE_LABELS,
  UPLOAD_DATES,
} from '../../../contract/search';
import type { SearchFilters } from '../../../machines/search-filters';
import { searchHref } from './search-url';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const FiltersButton = styled.button`
  min-height: 36px;
  padding: 0 14px;
  border-radius: ${({ theme }) => theme.radii.round};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

const Chip = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 36px;
  padding: 0 12px;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.bg};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 600;
  text-decoration: none;
`;

const Panel = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: 16px;
  width: 100%;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Group = styled.section`
  h2 {
    margin: 0 0 8px;
    padding-bottom: 8px;
    font-size: ${({ theme }) => theme.font.size.xs};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.textMuted};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

const Option = styled(Link)`
  display: flex;
  align-items: center;
  min-height: 36px;
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: none;
  &[aria-current='true'] {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 700;
  }
  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

interface FilterChoice {
  key: 'uploaded' | 'duration' | 'sort';
  title: string;
  options: ReadonlyArray<{ value: string | undefined; label: string }>;
}

const CHOICES: FilterChoice[] = [
  {
    key: 'uploaded',
    title: 'Upload date',
    options: UPLOAD_DATES.map((value) => ({ value, label: UPLOAD_DATE_LABELS[value] })),
  },
  {
    key: 'duration',
    title: 'Duration',
    options: DURATIONS.map((value) => ({ value, label: DURATION_LABELS[value] })),
  },
  {
    key: 'sort',
    title: 'Sort by',
    // Relevance is the default: choosing it removes the sort.
    options: SEARCH_SORTS.map((value) => ({
      value: value === 'relevance' ? undefined : value,
      label: SEARCH_SORT_LABELS[value],
    })),
  },
];

/** The label a chosen filter's chip shows. */
function chipLabel(key: FilterChoice['key'], filters: SearchFilters): string | null {
  if (key === 'uploaded' && filters.uploaded) return UPLOAD_DATE_LABELS[filters.uploaded];
  if (key === 'duration' && filters.duration) return DURATION_LABELS[filters.duration];
  if (key === 'sort' && filters.sort) return `Sorted by ${SEARCH_SORT_LABELS[filters.sort]}`;
  return null;
}

export function SearchFiltersBar({ query, filters }: { query: string; filters: SearchFilters }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // `exact` stays as it is: a search for exactly what was typed keeps being one when filtered.
  const hrefWith = (key: FilterChoice['key'], value: string | undefined) =>
    searchHref(query, { ...filters, [key]: value });
  const chips = CHOICES.flatMap(({ key }) => {
    const label = chipLabel(key, filters);
    return label ? [{ key, label }] : [];
  });
  return (
    <Bar>
      <FiltersButton
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        Filters
      </FiltersButton>
      {chips.map(({ key, label }) => (
        <Chip key={key} href={hrefWith(key, undefined)} aria-label={`Remove filter: ${label}`}>
          {label} <span aria-hidden="true">✕</span>
        </Chip>
      ))}
      {open && (
        <Panel id={panelId} role="region" aria-label="Search filters">
          {CHOICES.map(({ key, title, options }) => (
            <Group key={key} aria-label={title}>
              <h2>{title}</h2>
              <ul>
                {options.map(({ value, label }) => {
                  const selected = filters[key] === value;
                  // Choosing the selected filter again removes it (relevance stays selected).
                  const target = selected ? undefined : value;
                  return (
                    <li key={label}>
                      <Option
                        href={hrefWith(key, target)}
                        aria-current={selected}
                        onClick={() => setOpen(false)}
                      >
                        {label}
                      </Option>
                    </li>
                  );
                })}
              </ul>
            </Group>
          ))}
        </Panel>
      )}
    </Bar>
  );
}
