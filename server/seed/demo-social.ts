/**
 * The social part of the demo content: tweets (with likes) and playlists for every demo channel.
 * Pure like demo-plan.ts, and with its own random stream, so the rows of the core plan stay as
 * they were. Tweet like counters are derived from the like rows made here.
 */
import type { likes, playlists, playlistVideos, tweets } from '../db/schema.js';
import { DEMO_PLAYLISTS, DEMO_TWEETS } from './demo-social-data.js';
import type { DemoPlan } from './demo-plan.js';
import type { Rng } from './random.js';

export interface SocialPlan {
  tweets: (typeof tweets.$inferInsert)[];
  tweetLikes: (typeof likes.$inferInsert)[];
  playlists: (typeof playlists.$inferInsert)[];
  /** In the order they are to be added (the insert order is the playlist order). */
  playlistEntries: (typeof playlistVideos.$inferInsert)[];
}

export interface SocialInput {
  rng: Rng;
  now: Date;
  newId: () => string;
  plan: Pick<DemoPlan, 'users' | 'videos'>;
}

const DAY = 24 * 3600_000;

export function buildSocialPlan({ rng, now, newId, plan }: SocialInput): SocialPlan {
  const social: SocialPlan = { tweets: [], tweetLikes: [], playlists: [], playlistEntries: [] };
  const userIds = plan.users.map((u) => u.id);
  const published = plan.videos.filter((v) => v.isPublished);

  plan.users.forEach((user, index) => {
    for (const content of DEMO_TWEETS[index] ?? []) {
      const createdAt = new Date(now.getTime() - rng.next() * 60 * DAY);
      const id = newId();
      let likeCount = 0;
      for (const userId of userIds) {
        if (userId === user.id || !rng.chance(0.4)) continue;
        const likedAt = new Date(
          createdAt.getTime() + rng.next() * (now.getTime() - createdAt.getTime()),
        );
        social.tweetLikes.push({ userId, targetType: 'tweet', targetId: id, createdAt: likedAt });
        likeCount++;
      }
      social.tweets.push({
        id,
        ownerId: user.id,
        content,
        likesCount: likeCount,
        createdAt,
        updatedAt: createdAt,
      });
    }

    const count = index % 2 === 0 ? DEMO_PLAYLISTS.length : 3;
    DEMO_PLAYLISTS.slice(0, count).forEach((spec, order) => {
      const id = newId();
      // Older first, so "newest first" lists them in the order of DEMO_PLAYLISTS reversed.
      const createdAt = new Date(now.getTime() - (40 - order * 7) * DAY);
      social.playlists.push({
        id,
        ownerId: user.id,
        name: spec.name,
        description: spec.description,
        createdAt,
        updatedAt: createdAt,
      });
      const picks = rng.sample(published, rng.int(spec.size[0], spec.size[1]));
      for (const video of picks) {
        social.playlistEntries.push({ playlistId: id, videoId: video.id, addedAt: createdAt });
      }
    });
  });
  return social;
}
