/**
 * `srcset` from the widths the API lists for an image (contract/shapes.ts ImageSize). Undefined
 * when there are none (an image stored before sizes existed, or an older server): the element
 * then loads its single URL, as before.
 */
import type { ImageSize } from './shapes';

export function srcSetOf(sizes: readonly ImageSize[] | undefined): string | undefined {
  if (!sizes || sizes.length === 0) return undefined;
  return sizes.map(({ url, width }) => `${url} ${width}w`).join(', ');
}
