/**
 * Issue 34 on the watch page's texts: a description's timestamps are links that seek the player,
 * its chapters are listed under it (each seeks), and a comment's timestamps seek too; outside a
 * watch page (no provider) the same text stays plain.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { parseChapters } from '../../machines/chapters';
import { WatchSeekProvider } from '../../src/components/watch-seek';
import { DescriptionBox } from '../../src/features/videos/description-box';
import { CommentText } from '../../src/features/videos/comment-body';
import { theme } from '../../src/theme';

const TEXT = 'Dicing starts at 1:05.\n0:00 Holding\n0:40 Slicing\n1:05 Dicing';

function renderOnWatchPage(ui: React.ReactNode, seek = vi.fn()) {
  render(
    <ThemeProvider theme={theme}>
      <WatchSeekProvider value={{ chapters: parseChapters(TEXT), previews: null, seek }}>
        {ui}
      </WatchSeekProvider>
    </ThemeProvider>,
  );
  return seek;
}

describe('timestamps and chapters on the watch page', () => {
  it("seeks from the description's timestamp links and its chapter list", () => {
    const seek = renderOnWatchPage(<DescriptionBox stats="1 view" text={TEXT} />);
    fireEvent.click(screen.getAllByRole('link', { name: '1:05' })[0]!);
    expect(seek).toHaveBeenLastCalledWith(65);
    const chapters = within(screen.getByRole('region', { name: 'Chapters' }));
    expect(chapters.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '0:00Holding',
      '0:40Slicing',
      '1:05Dicing',
    ]);
    fireEvent.click(chapters.getByRole('button', { name: /Slicing/ }));
    expect(seek).toHaveBeenLastCalledWith(40);
  });

  it("seeks from a comment's timestamp", () => {
    const seek = renderOnWatchPage(<CommentText text="Best part at 0:42, really" />);
    fireEvent.click(screen.getByRole('link', { name: '0:42' }));
    expect(seek).toHaveBeenCalledWith(42);
  });

  it('leaves timestamps as text and lists no chapters elsewhere', () => {
    render(
      <ThemeProvider theme={theme}>
        <DescriptionBox stats="1 view" text={TEXT} />
      </ThemeProvider>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Chapters' })).toBeNull();
  });
});
