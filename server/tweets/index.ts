export { TWEET_NOT_FOUND } from './tweets.js';
export { default as tweetsRoutes } from './tweets.routes.js';
