/** The watch page's layout: player and details beside 'More From This Channel' on wide screens. */
import styled from 'styled-components';
import { Link } from 'wouter';

/**
 * Three areas: the player, the details under it, and the side list. Theater mode gives the player
 * the whole width above both columns; the player stays the same element either way (moving it in
 * the tree would restart the video), only the grid's areas change.
 */
export const Layout = styled.div<{ $theater: boolean }>`
  display: grid;
  gap: 14px 24px;
  grid-template-columns: minmax(0, 1fr);
  grid-template-areas: 'player' 'main' 'side';
  max-width: 1600px;
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(0, 1fr) 360px;
    grid-template-rows: auto 1fr;
    grid-template-areas: ${({ $theater }) =>
      $theater ? `'player player' 'main side'` : `'player side' 'main side'`};
  }
`;

export const PlayerArea = styled.div`
  grid-area: player;
  min-width: 0;
`;

export const Side = styled.div`
  grid-area: side;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 28px;
`;

/** One column (the side list under everything): below the theme's `lg`. */
export const ONE_COLUMN_QUERY = '(max-width: 1023.98px)';

/**
 * Up next's two places (issue 31): under the comments' opening in one column, at the top of the
 * side column from `lg`. The server cannot know the width, so it renders both and CSS shows one;
 * after hydration the page keeps only the one that shows, and nothing on screen moves (issue 35).
 * `display: contents` leaves the list laid out as if unwrapped. Each hides itself in a media
 * query, so that where none applies (jsdom) the one the page kept shows.
 */
export const UpNextInline = styled.div`
  display: contents;
  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;

export const UpNextBeside = styled.div`
  display: contents;
  @media ${ONE_COLUMN_QUERY} {
    display: none;
  }
`;

export const Primary = styled.div`
  grid-area: main;
  display: flex;
  flex-direction: column;
  gap: 14px;
  min-width: 0;
`;

export const Title = styled.h1`
  font-size: ${({ theme }) => theme.font.size.lg};
  margin: 0;
  overflow-wrap: anywhere;
`;

export const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  justify-content: space-between;
`;

export const Channel = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  min-width: 0;
  /* The avatar keeps its size beside a long name (issue 29). */
  > a:first-child {
    flex: none;
  }
  > div {
    min-width: 0;
    display: flex;
    flex-direction: column;
  }
  /* One line, as under a video on the largest site: a long name ends in an ellipsis. */
  a.name {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
`;

export const Actions = styled.div`
  display: flex;
  gap: 8px;
  flex-wrap: wrap;
`;

export const ViewChannel = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  font-size: ${({ theme }) => theme.font.size.sm};
  white-space: nowrap;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
    text-decoration: none;
  }
`;

export const Problem = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  padding: 48px 16px;
  text-align: center;
`;
