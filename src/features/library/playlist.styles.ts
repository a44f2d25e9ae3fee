/** The look of the Playlist page: a panel on the left, the videos' grid on the right. */
import styled from 'styled-components';

export const Layout = styled.div`
  display: grid;
  gap: 24px;
  padding: 8px 0 24px;
  min-width: 0;
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 340px minmax(0, 1fr);
    align-items: start;
  }
`;

export const Panel = styled.aside`
  display: grid;
  gap: 12px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: linear-gradient(
    180deg,
    ${({ theme }) => theme.colors.surfaceRaised},
    ${({ theme }) => theme.colors.surface}
  );
  ${({ theme }) => theme.media.lg} {
    position: sticky;
    top: calc(${({ theme }) => theme.layout.topBarHeight} + 16px);
  }
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
`;

export const Cover = styled.div`
  aspect-ratio: 16 / 9;
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceHover};
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.colors.textMuted};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

export const Facts = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export const Owner = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: ${({ theme }) => theme.font.size.sm};
  /* The avatar keeps its size beside a long name (issue 29). */
  > a:first-child {
    flex: none;
  }
`;

export const VideosGrid = styled.div`
  display: grid;
  gap: 24px 16px;
  grid-template-columns: 1fr;
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (min-width: 1400px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

/** The grid with 'Show more videos' centred under it. */
export const Videos = styled.div`
  display: grid;
  justify-items: center;
  gap: 16px;
  min-width: 0;
  > :first-child {
    justify-self: stretch;
  }
  /* Only the failure line under the grid, not the cards' own text. */
  > p {
    margin: 0;
    color: ${({ theme }) => theme.colors.danger};
  }
`;
