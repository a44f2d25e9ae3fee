import { useLayoutEffect } from 'react';
import { PRODUCT_NAME } from '../machines/constants';

/**
 * Names the browser tab after the page ("Settings - VidTube"); the product name alone for none.
 * A layout effect, so the title changes in the same commit as the page it names (a passive effect
 * can run after the page is already on screen, and a reader of the DOM sees the old title).
 */
export function useDocumentTitle(page?: string) {
  useLayoutEffect(() => {
    document.title = page ? `${page} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [page]);
}
