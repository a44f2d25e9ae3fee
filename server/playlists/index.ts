export { PLAYLIST_NOT_FOUND } from './playlists.js';
export { default as playlistsRoutes } from './playlists.routes.js';
