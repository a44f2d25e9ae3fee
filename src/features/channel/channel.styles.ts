/** The channel page's shared look: header, tab panels, list rows and cards. */
import styled from 'styled-components';
import { Link } from 'wouter';

export const Cover = styled.div`
  /* A height, not an aspect ratio: with a minimum height an aspect ratio widens the box past
     the screen on phones. */
  height: clamp(96px, 16vw, 200px);
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
  }
`;

export const Head = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 16px;
  padding: 16px 0;
  /* The avatar overlaps the cover a little, as on most channel pages. */
  > img {
    margin-top: -40px;
    border: 3px solid ${({ theme }) => theme.colors.bg};
  }
`;

export const Names = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
  flex: 1 1 180px;
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.xl};
    overflow-wrap: anywhere;
  }
  p,
  small {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding: 20px 0;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  padding: 32px 16px;
`;

export const Row = styled.li`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  > div {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const NameLink = styled(Link)`
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/** 'View Channel' where a Subscribe button would be: same size, quieter. */
export const ViewChannelLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.round};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  white-space: nowrap;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
    text-decoration: none;
  }
`;
