/**
 * The chapters of the watch page's video (issue 34), under its description: each a button with
 * its start time and title that seeks the player there (components/watch-seek.tsx).
 */
import styled from 'styled-components';
import { useWatchSeek } from '../../components/watch-seek';
import { formatDuration } from '../../format';

const Heading = styled.h3`
  margin: 12px 0 0;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const List = styled.ol`
  list-style: none;
  margin: 4px 0 0;
  padding: 0;
  display: grid;
  gap: 4px;
  button {
    display: flex;
    gap: 10px;
    width: 100%;
    padding: 6px 8px;
    border: none;
    border-radius: ${({ theme }) => theme.radii.md};
    background: none;
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    text-align: left;
    cursor: pointer;
  }
  button:hover,
  button:focus-visible {
    background: rgba(127, 127, 127, 0.15);
  }
  .start {
    min-width: 4.5em;
    color: ${({ theme }) => theme.colors.accent};
    font-variant-numeric: tabular-nums;
  }
`;

export function ChapterList() {
  const watch = useWatchSeek();
  if (!watch || watch.chapters.length === 0) return null;
  return (
    <section aria-label="Chapters">
      <Heading>Chapters</Heading>
      <List data-testid="chapter-list">
        {watch.chapters.map((chapter) => (
          <li key={chapter.start}>
            <button type="button" onClick={() => watch.seek(chapter.start)}>
              <span className="start">{formatDuration(chapter.start)}</span>
              <span>{chapter.title}</span>
            </button>
          </li>
        ))}
      </List>
    </section>
  );
}
