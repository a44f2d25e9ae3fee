import { useEffect, useMemo } from 'react';

/** A temporary URL for previewing a Blob, revoked when the blob changes or the view goes away. */
export function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(
    () => (blob && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : null),
    [blob],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
