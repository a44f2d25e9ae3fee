/**
 * The playlists domain's door: the only file of server/playlists/ that other domains, pages and
 * the shell import (docs/architecture.md, Layers). Playlists, Watch later, their entries and
 * edits.
 */
export { playlistForPage } from './playlist-for-page.js';
export { PLAYLIST_NOT_FOUND } from './playlists.js';
export { default as playlistsRoutes } from './playlists.routes.js';
