/**
 * The tweets domain's door: the only file of server/tweets/ that other domains, pages and the
 * shell import (docs/architecture.md, Layers). Tweets, their list and edits.
 */
export { TWEET_NOT_FOUND } from './tweets.js';
export { default as tweetsRoutes } from './tweets.routes.js';
