/**
 * The watch page's description: views and age on top, then the text, collapsed to its first
 * DESCRIPTION_COLLAPSE_CHARS characters with 'see more' / 'see less'. Whether it is expanded is
 * pure presentation (no request, no rule), so it stays local state rather than a machine.
 * Issue 34: its timestamps are links that seek the player, and its chapters are listed under it.
 */
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { DESCRIPTION_COLLAPSE_CHARS } from '../../../machines/constants';
import { TimestampText } from '../../components/watch-seek';
import { ChapterList } from './chapter-list';

const Box = styled.section`
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Stats = styled.div`
  font-weight: 600;
  margin-bottom: 4px;
`;

const Text = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Toggle = styled.button`
  margin-left: 4px;
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  cursor: pointer;
`;

/** The shown part of a description: everything, or its first 200 characters and an ellipsis. */
export function collapsedText(text: string, expanded: boolean): string {
  if (expanded || text.length <= DESCRIPTION_COLLAPSE_CHARS) return text;
  return `${text.slice(0, DESCRIPTION_COLLAPSE_CHARS).trimEnd()}…`;
}

export function DescriptionBox({ stats, text }: { stats: ReactNode; text: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > DESCRIPTION_COLLAPSE_CHARS;
  return (
    <Box aria-label="Description">
      <Stats>{stats}</Stats>
      <Text>
        <TimestampText text={collapsedText(text, expanded)} />
        {long && (
          <Toggle type="button" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
            {expanded ? 'see less' : 'see more'}
          </Toggle>
        )}
      </Text>
      <ChapterList />
    </Box>
  );
}
