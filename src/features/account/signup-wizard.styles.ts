/** The signup wizard's layout: step header and progress bar, image previews, the review list. */
import { m } from 'framer-motion';
import styled from 'styled-components';
import { SIGNUP_STEPS } from '../../../machines/constants';

export const Header = styled.div`
  display: grid;
  gap: 6px;
  margin-bottom: 20px;
  h1 {
    margin: 0;
  }
  p {
    margin: 0;
    font-size: 13px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
export const Progress = styled.div<{ $step: number }>`
  height: 4px;
  border-radius: 2px;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  &::after {
    content: '';
    display: block;
    height: 100%;
    width: ${({ $step }) => ((($step + 1) / SIGNUP_STEPS) * 100).toFixed(0)}%;
    border-radius: 2px;
    background: ${({ theme }) => theme.colors.accent};
    transition: width 0.25s ease;
  }
`;
export const Step = styled(m.div)`
  display: grid;
  gap: 16px;
  h2 {
    margin: 0;
    font-size: 18px;
  }
`;
export const AvatarPreview = styled.img`
  width: 96px;
  height: 96px;
  border-radius: 50%;
  object-fit: cover;
  justify-self: center;
  border: 2px solid ${({ theme }) => theme.colors.border};
`;
export const CoverPreview = styled.img`
  width: 100%;
  aspect-ratio: 4 / 1;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;
export const Review = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 6px 16px;
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
export const Note = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

// The hints repeat the server's limits (API.md "Limits"); the spec shows none, but users expect
// to learn them before the server refuses the registration.
