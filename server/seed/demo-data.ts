/**
 * The demo site's content: channels, their videos and what viewers say. Hand-written so the first
 * screen a newcomer sees reads like a real video site. Tags overlap on purpose, so tag chips and
 * tag pages have several channels in them.
 */
import type { PatternKind } from './media.js';

/** Every demo account shares this password (printed at start and listed in the README). */
export const DEMO_PASSWORD = 'vidtube-demo';

export interface DemoChannel {
  userName: string;
  fullName: string;
  email: string;
  description: string;
  color: string;
  accent: string;
}

export const DEMO_CHANNELS: readonly DemoChannel[] = [
  {
    userName: 'mira.kitchen',
    fullName: 'Mira Patel',
    email: 'mira@example.com',
    description: 'Weeknight cooking, spice blends and bread that forgives you.',
    color: 'e4572e',
    accent: 'f3a712',
  },
  {
    userName: 'leo.codes',
    fullName: 'Leo Fischer',
    email: 'leo@example.com',
    description: 'TypeScript, databases and the small tools that make coding fun.',
    color: '2f6690',
    accent: '3a7ca5',
  },
  {
    userName: 'ana.wanders',
    fullName: 'Ana Souza',
    email: 'ana@example.com',
    description: 'Slow travel on trains, ferries and my own two feet.',
    color: '17a398',
    accent: '33658a',
  },
  {
    userName: 'pixel.sam',
    fullName: 'Sam Okafor',
    email: 'sam@example.com',
    description: 'Indie games, speedrun attempts and retro hardware repairs.',
    color: '7b2cbf',
    accent: 'c77dff',
  },
  {
    userName: 'lab.ines',
    fullName: 'Ines Moreau',
    email: 'ines@example.com',
    description: 'Science experiments you can do at home, explained without the jargon.',
    color: '0b6e4f',
    accent: '08a045',
  },
  {
    userName: 'jun.beats',
    fullName: 'Jun Takahashi',
    email: 'jun@example.com',
    description: 'Lo-fi beats, synth patches and music theory in five minutes.',
    color: 'd81159',
    accent: '8f2d56',
  },
  {
    userName: 'kai.fit',
    fullName: 'Kai Nakamura',
    email: 'kai@example.com',
    description: 'Short workouts, mobility routines and honest fitness advice.',
    color: 'ff7f11',
    accent: 'ffb627',
  },
  {
    userName: 'noor.wild',
    fullName: 'Noor Haddad',
    email: 'noor@example.com',
    description: 'Wildlife, weather and the quiet corners of nature, filmed patiently.',
    color: '386641',
    accent: '6a994e',
  },
];

export interface DemoVideo {
  /** Index into DEMO_CHANNELS. */
  owner: number;
  title: string;
  description: string;
  tags: string[];
  kind: PatternKind;
  /** Unpublished videos show the owner a Private badge; everyone else never sees them. */
  published?: false;
}

export const DEMO_VIDEOS: readonly DemoVideo[] = [
  // Mira: cooking
  {
    owner: 0,
    title: '15-Minute Chickpea Curry for Busy Weeknights',
    description:
      'One pan, pantry spices and a can of chickpeas. I show how to bloom the spices so the sauce tastes like it simmered for an hour.',
    tags: ['cooking', 'food', 'vegan'],
    kind: 'boxes',
  },
  {
    owner: 0,
    title: 'No-Knead Bread: The Only Recipe You Need',
    description:
      'Flour, water, salt, yeast and time. A crusty loaf with almost no effort, plus what to do when the dough is too sticky.',
    tags: ['cooking', 'baking', 'food'],
    kind: 'smptebars',
  },
  {
    owner: 0,
    title: 'Street Food Tour of Lisbon in One Day',
    description:
      'Bifanas, pastéis de nata and grilled sardines: everything I ate walking from Alfama to Belém.',
    tags: ['food', 'travel', 'cooking'],
    kind: 'rgbtestsrc',
  },
  {
    owner: 0,
    title: 'Knife Skills 101: Dice an Onion Without Tears',
    description: 'The claw grip, the rocking cut and why a sharp knife is the safe knife.',
    tags: ['cooking', 'tutorial'],
    kind: 'testsrc2',
  },
  // Leo: coding
  {
    owner: 1,
    title: 'TypeScript Generics Explained in 8 Minutes',
    description:
      'From Array<T> to conditional types: the mental model that made generics click for me, with small examples you can paste into the playground.',
    tags: ['coding', 'typescript', 'tutorial'],
    kind: 'cellauto',
  },
  {
    owner: 1,
    title: 'Build a REST API with Fastify and PostgreSQL',
    description:
      'Routes, schemas, a connection pool and one honest transaction. We end with a tiny service you can deploy.',
    tags: ['coding', 'javascript', 'databases'],
    kind: 'life',
  },
  {
    owner: 1,
    title: 'Full-Text Search in Postgres Is Better Than You Think',
    description:
      'tsvector, GIN indexes and ranking, compared with LIKE on a table of 100,000 rows.',
    tags: ['coding', 'databases', 'science'],
    kind: 'mandelbrot',
  },
  {
    owner: 1,
    title: 'State Machines for UI: Fewer Bugs, Clearer Code',
    description:
      'Why boolean flags multiply, and how a statechart keeps a sign-in form honest. Draft cut, not public yet.',
    tags: ['coding', 'javascript'],
    kind: 'boxes',
    published: false,
  },
  {
    owner: 1,
    title: 'My Terminal Setup for 2026',
    description:
      'Shell, prompt, fonts and the five aliases I use every day. Still editing this one.',
    tags: ['coding', 'productivity'],
    kind: 'rgbtestsrc',
    published: false,
  },
  // Ana: travel
  {
    owner: 2,
    title: 'Crossing the Alps by Train: Zurich to Milan',
    description:
      'The Gotthard panorama route, where to sit, what it costs and why the slow train beats the fast one.',
    tags: ['travel', 'nature', 'trains'],
    kind: 'smptebars',
  },
  {
    owner: 2,
    title: 'Three Days in Kyoto on a Budget',
    description:
      'Temples at sunrise, cheap eats near the station and the bus pass that pays for itself.',
    tags: ['travel', 'food', 'japan'],
    kind: 'testsrc2',
  },
  {
    owner: 2,
    title: 'Packing Light: One Bag for Two Weeks',
    description:
      'Everything that goes into my 28-litre backpack, and the things I stopped bringing.',
    tags: ['travel', 'productivity'],
    kind: 'boxes',
  },
  {
    owner: 2,
    title: 'Island Hopping in the Azores',
    description: 'Volcanic lakes, whale watching and the ferry schedule that nearly stranded us.',
    tags: ['travel', 'nature'],
    kind: 'mandelbrot',
  },
  // Sam: gaming
  {
    owner: 3,
    title: 'Speedrunning a 1990s Platformer: Any% in Under 20 Minutes',
    description: 'Route, tricks and the frame-perfect jump I finally landed after 400 attempts.',
    tags: ['gaming', 'speedrun', 'retro'],
    kind: 'life',
  },
  {
    owner: 3,
    title: 'Fixing a Dead Game Boy: Capacitor Swap',
    description:
      'Diagnosing a dim screen, desoldering the old caps and the test that proves it worked.',
    tags: ['gaming', 'retro', 'science'],
    kind: 'rgbtestsrc',
  },
  {
    owner: 3,
    title: 'Top 10 Indie Games You Missed This Year',
    description: 'Short, strange and wonderful: ten small games that deserved more players.',
    tags: ['gaming', 'reviews'],
    kind: 'cellauto',
  },
  {
    owner: 3,
    title: 'Making Chiptune Music for My Game',
    description:
      'Square waves, noise channels and the tracker I used for the soundtrack of my jam game.',
    tags: ['gaming', 'music', 'coding'],
    kind: 'testsrc2',
  },
  // Ines: science
  {
    owner: 4,
    title: 'Why the Sky Is Blue: Rayleigh Scattering at Home',
    description:
      'A glass of water, a drop of milk and a torch explain sunsets better than any diagram.',
    tags: ['science', 'physics', 'education'],
    kind: 'mandelbrot',
  },
  {
    owner: 4,
    title: 'Growing Crystals in Your Kitchen',
    description:
      'Salt, sugar and alum crystals side by side, and what temperature does to their shape.',
    tags: ['science', 'chemistry', 'cooking'],
    kind: 'cellauto',
  },
  {
    owner: 4,
    title: 'The Maths of Conway’s Game of Life',
    description: 'Gliders, oscillators and why four simple rules can compute anything.',
    tags: ['science', 'coding', 'education'],
    kind: 'life',
  },
  {
    owner: 4,
    title: 'How Noise-Cancelling Headphones Work',
    description: 'Sound waves, phase and a live demo with two speakers and a sine tone.',
    tags: ['science', 'physics', 'music'],
    kind: 'smptebars',
  },
  // Jun: music
  {
    owner: 5,
    title: 'Lo-Fi Beat from Scratch in 10 Minutes',
    description: 'Dusty drums, a jazzy chord loop and the sidechain trick that makes it breathe.',
    tags: ['music', 'production', 'lofi'],
    kind: 'boxes',
  },
  {
    owner: 5,
    title: 'Music Theory: Why Minor Chords Sound Sad',
    description:
      'Intervals, overtones and culture: a short tour with a keyboard and a tuning fork.',
    tags: ['music', 'education', 'science'],
    kind: 'testsrc2',
  },
  {
    owner: 5,
    title: 'Designing a Synth Pad from a Single Sine Wave',
    description: 'Detune, chorus, filter envelopes: building a warm pad step by step.',
    tags: ['music', 'production'],
    kind: 'rgbtestsrc',
  },
  {
    owner: 5,
    title: 'Rainy Day Focus Mix',
    description: 'Thirty minutes of calm beats for studying, coding or cooking. Short preview cut.',
    tags: ['music', 'lofi', 'productivity'],
    kind: 'mandelbrot',
  },
  // Kai: fitness
  {
    owner: 6,
    title: '10-Minute Morning Mobility Routine',
    description: 'Hips, spine and shoulders: a gentle routine to start the day without equipment.',
    tags: ['fitness', 'health', 'yoga'],
    kind: 'smptebars',
  },
  {
    owner: 6,
    title: 'Beginner Bodyweight Workout (No Gym Needed)',
    description: 'Squats, push-ups and planks with easier and harder versions of each move.',
    tags: ['fitness', 'health'],
    kind: 'boxes',
  },
  {
    owner: 6,
    title: 'Trail Running for Beginners',
    description: 'Shoes, pacing on hills and how to fall without getting hurt.',
    tags: ['fitness', 'nature', 'travel'],
    kind: 'life',
  },
  {
    owner: 6,
    title: 'What I Eat in a Day as a Runner',
    description: 'Simple meals, timing around training and the snack I always carry.',
    tags: ['fitness', 'food', 'cooking'],
    kind: 'cellauto',
  },
  // Noor: nature
  {
    owner: 7,
    title: 'A Storm Rolls In: Time-Lapse over the Coast',
    description: 'Three hours of clouds compressed into minutes, with notes on reading the sky.',
    tags: ['nature', 'weather', 'science'],
    kind: 'mandelbrot',
  },
  {
    owner: 7,
    title: 'Birdsong at Dawn: Identifying 8 Common Birds',
    description: 'Robin, wren, blackbird and more, with the patterns that tell them apart.',
    tags: ['nature', 'birds', 'education'],
    kind: 'testsrc2',
  },
  {
    owner: 7,
    title: 'Tide Pools: Life Between the Waves',
    description: 'Anemones, crabs and the rules for exploring rock pools without harming anything.',
    tags: ['nature', 'science', 'travel'],
    kind: 'life',
  },
  {
    owner: 7,
    title: 'Camera Settings for Wildlife Video',
    description: 'Shutter speed, stabilisation and patience: what works on a budget camera.',
    tags: ['nature', 'photography', 'tutorial'],
    kind: 'rgbtestsrc',
  },
];

/** Comments any viewer might leave, plus a few per tag so threads fit the video. */
export const GENERIC_COMMENTS: readonly string[] = [
  'This was exactly what I needed today, thank you!',
  'Great pacing, no filler. Subscribed.',
  'Watched it twice, learned something new both times.',
  'The sound at the start made me smile.',
  'Could you do a longer version of this?',
  'Clear, calm and useful. More like this please.',
  'Saving this for the weekend.',
  'I tried it right after watching and it worked.',
  'The colours in this one are beautiful.',
  'Underrated channel, how is this not bigger?',
];

export const TAG_COMMENTS: Readonly<Record<string, readonly string[]>> = {
  cooking: ['Made this for dinner, my family asked for seconds.', 'What pan are you using?'],
  food: ['Now I am hungry at midnight. Thanks.'],
  coding: ['Finally an explanation that clicked.', 'Would love a follow-up on testing this.'],
  travel: ['Adding this to my list for next summer.', 'How did you plan the connections?'],
  gaming: ['That jump at the end was clean!', 'Any tips for getting started?'],
  science: ['My kids loved this experiment.', 'The explanation of the why was perfect.'],
  music: ['This is on repeat now.', 'Which synth is that?'],
  fitness: ['Day 5 of doing this every morning, feeling great.'],
  nature: ['So peaceful. Needed this.', 'Where was this filmed?'],
};
