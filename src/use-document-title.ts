import { useEffect } from 'react';
import { PRODUCT_NAME } from '../machines/constants';

/** Names the browser tab after the page ("Settings - VidTube"); the product name alone for none. */
export function useDocumentTitle(page?: string) {
  useEffect(() => {
    document.title = page ? `${page} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [page]);
}
