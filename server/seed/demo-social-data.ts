/**
 * Hand-written tweets and playlist names of the demo channels (index = DEMO_CHANNELS index), so
 * the channel page's Tweets and PlayList tabs read like a real creator's.
 */
export const DEMO_TWEETS: readonly (readonly string[])[] = [
  [
    'New bread video is up! The trick is a wetter dough than you think.',
    'What should I cook next week: dal, ramen or a proper lasagne?',
    'Toasted cumin seeds are the cheapest upgrade your kitchen will ever get.',
  ],
  [
    'Hot take: most generics bugs are just missing constraints.',
    'Working on a video about database indexes. What confuses you most about them?',
    'Small tools, sharp tools. Rewrote my build script in 40 lines today.',
  ],
  [
    'Night train to Vienna booked. Ferry to the islands next.',
    'Packing list tip: one pair of shoes you can actually walk 20 km in.',
  ],
  [
    'Speedrun attempt #212: new personal best by 1.4 seconds!',
    'Found a cracked console at a flea market. Repair stream this weekend?',
    'Pixel art is just patience with a very small brush.',
  ],
  [
    'Vinegar, baking soda and a balloon: the experiment that never gets old.',
    'Next video: why the sky is blue, explained with a glass of milky water.',
  ],
  [
    'New lo-fi beat dropping Friday. Made it entirely on a 20-year-old synth.',
    'Music theory in one sentence: tension, then release.',
    'Which patch should I break down next, the warm pad or the plucky bass?',
  ],
  [
    'Ten minutes of mobility beats zero minutes of mobility. Every time.',
    'Rest days are training days too. Sleep is the best supplement.',
  ],
  [
    'Three hours in a hide and the heron finally came back. Worth it.',
    'Storm rolling in over the hills. Camera is ready.',
    'Be kind to the quiet corners: leave them as you found them.',
  ],
];

export interface DemoPlaylistSpec {
  name: string;
  description: string;
  /** How many videos it holds: at least 5 for the first, 0 for the empty one. */
  size: [number, number];
}

/**
 * Every channel gets the first three (a long one, an empty one and one without description);
 * every other channel a fourth. The long one holds more than 4 videos, so "Show more" appears.
 */
export const DEMO_PLAYLISTS: readonly DemoPlaylistSpec[] = [
  { name: 'Favourites', description: 'The videos I keep coming back to.', size: [5, 8] },
  { name: 'Slow weekend', description: 'Saving these for a slow weekend.', size: [0, 0] },
  { name: 'Quick ideas', description: '', size: [2, 3] },
  { name: 'Learning', description: 'Tutorials worth watching twice.', size: [3, 4] },
];
