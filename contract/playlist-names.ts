/**
 * "Watch later" is the built-in list's name (issue 29): no user playlist may take it, whatever
 * its case or spacing ("watch  LATER", "WatchLater"), so the Save dialog never shows two. The
 * server refuses it (409) and the playlist dialogs say so before sending. No TypeBox here: the
 * SPA's machines import it.
 */
export const RESERVED_PLAYLIST_NAME = 'Watch later';
export const RESERVED_NAME_MESSAGE = '"Watch later" is reserved for your built-in list';

export function isReservedPlaylistName(name: string): boolean {
  const squeezed = name.normalize('NFKC').replace(/\s+/gu, '').toLowerCase();
  return squeezed === RESERVED_PLAYLIST_NAME.replace(/\s+/gu, '').toLowerCase();
}
