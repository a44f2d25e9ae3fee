import styled from 'styled-components';
import type { ImageSize } from '../../contract/shapes';
import { srcSetOf } from '../../contract/srcset';

const Img = styled.img<{ $size: number }>`
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  flex: none;
`;

/**
 * A round user picture; falls back to the bundled default when the URL is empty. With the
 * API's widths (`sizes`) the browser takes the smallest that covers `size` at its pixel ratio.
 */
export function Avatar({
  src,
  sizes,
  alt,
  size = 36,
}: {
  src?: string | null;
  sizes?: readonly ImageSize[] | undefined;
  alt: string;
  size?: number;
}) {
  const srcSet = src ? srcSetOf(sizes) : undefined;
  return (
    <Img
      loading="lazy"
      sizes={srcSet && `${size}px`}
      srcSet={srcSet}
      src={src || '/default-avatar.png'}
      alt={alt}
      $size={size}
    />
  );
}
