/**
 * The captions domain's door (docs/architecture.md, Layers): a video's captions and subtitles,
 * one WebVTT file per language (issue 34), and the embeddable player's public read.
 */
export { default as captionsRoutes } from './captions.routes.js';
export { default as embedRoutes } from './embed.routes.js';
