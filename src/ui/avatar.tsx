import styled from 'styled-components';

const Img = styled.img<{ $size: number }>`
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  flex: none;
`;

/** A round user picture; falls back to the bundled default when the URL is empty. */
export function Avatar({
  src,
  alt,
  size = 36,
}: {
  src?: string | null;
  alt: string;
  size?: number;
}) {
  return <Img src={src || '/default-avatar.png'} alt={alt} $size={size} loading="lazy" />;
}
