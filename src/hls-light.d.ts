/**
 * hls.js ships no typings for its light build (same API minus DRM, subtitles and alternate
 * audio, none of which our streams use): it is typed as the full one.
 */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
