/** The product's logo and name, linking home: in the top bar, beside sign-in and signup, and
 * above the legal pages. One look, sized per place. */
import styled from 'styled-components';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '../../machines/constants';
import { PlayLogo } from './icons';

const Anchor = styled.a<{ $textSize: number }>`
  display: flex;
  align-items: center;
  gap: 8px;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 800;
  font-size: ${({ $textSize }) => $textSize}px;
  letter-spacing: -0.02em;
  svg {
    color: ${({ theme }) => theme.colors.accent};
  }
  &:hover {
    text-decoration: none;
  }
`;

export function BrandLink({
  logoSize,
  textSize,
  label,
}: {
  logoSize: number;
  textSize: number;
  /** The link's accessible name when the visible name is not enough (e.g. 'VidTube home'). */
  label?: string;
}) {
  return (
    <Link href="/" asChild>
      <Anchor $textSize={textSize} aria-label={label}>
        <PlayLogo size={logoSize} />
        <span>{PRODUCT_NAME}</span>
      </Anchor>
    </Link>
  );
}
