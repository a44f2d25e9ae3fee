/**
 * The syndication domain's door (issue 34, beyond the site): what other sites and readers take
 * from us without signing in: oEmbed, the channels' RSS feeds, and the public facts a watch page's
 * link preview carries.
 */
export { default as syndicationRoutes } from './syndication.routes.js';
export { publicVideo, type PublicVideo } from './public-video.js';
export { PROVIDER_NAME } from './oembed.js';
