/**
 * Turns the hand-written demo content into database rows: who owns what, who liked, commented,
 * subscribed and watched what, and when. Pure (ids, clock and randomness are passed in), so the
 * counters can be derived from the very rows that are inserted and always agree with them.
 */
import type {
  comments,
  likes,
  subscriptions,
  userTagScores,
  users,
  videos,
  videoViews,
  watchHistory,
} from '../db/schema.js';
import { sizedKey } from '../media/image-keys.js';
import { storedTagScore } from '../videos/index.js';
import {
  DEMO_CHANNELS,
  DEMO_VIDEOS,
  GENERIC_COMMENTS,
  TAG_COMMENTS,
  type DemoChannel,
} from './demo-data.js';
import { DEMO_IMAGE_TOPS, type VideoLook } from './media.js';
import type { Rng } from './random.js';

type UserRow = typeof users.$inferInsert;
type VideoRow = typeof videos.$inferInsert;

export interface ChannelMedia {
  userId: string;
  channel: DemoChannel;
  avatarKey: string;
  coverKey: string;
}

export interface VideoMedia {
  videoId: string;
  look: VideoLook;
  videoKey: string;
  thumbnailKey: string;
}

export interface DemoPlan {
  users: UserRow[];
  videos: VideoRow[];
  comments: (typeof comments.$inferInsert)[];
  likes: (typeof likes.$inferInsert)[];
  subscriptions: (typeof subscriptions.$inferInsert)[];
  history: (typeof watchHistory.$inferInsert)[];
  views: (typeof videoViews.$inferInsert)[];
  tagScores: (typeof userTagScores.$inferInsert)[];
  channelMedia: ChannelMedia[];
  videoMedia: VideoMedia[];
}

export interface PlanInput {
  rng: Rng;
  now: Date;
  newId: () => string;
}

const HOUR = 3600_000;
/** More than 20 entries: the History page needs three pages of 10. */
export const FIRST_USER_HISTORY = 24;
const DAY = 24 * HOUR;

const PATTERN_HUES = [0, 45, 90, 135, 180, 225, 270, 315];
const TONES = [220, 262, 294, 330, 349, 392, 440, 494, 523, 587, 659, 698, 784, 880];

/** Log-uniform between two spans: many recent items, a long tail of old ones. */
function logUniform(rng: Rng, min: number, max: number): number {
  return Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min)));
}

function between(rng: Rng, from: Date, to: Date): Date {
  return new Date(from.getTime() + rng.next() * Math.max(0, to.getTime() - from.getTime()));
}

export function buildDemoPlan({ rng, now, newId }: PlanInput): DemoPlan {
  const plan: DemoPlan = {
    users: [],
    videos: [],
    comments: [],
    likes: [],
    subscriptions: [],
    history: [],
    views: [],
    tagScores: [],
    channelMedia: [],
    videoMedia: [],
  };

  const userIds = DEMO_CHANNELS.map((channel) => {
    const id = newId();
    const avatarKey = sizedKey('avatar', newId(), DEMO_IMAGE_TOPS.avatar);
    const coverKey = sizedKey('cover', newId(), DEMO_IMAGE_TOPS.cover);
    const createdAt = new Date(now.getTime() - (420 + rng.int(0, 120)) * DAY);
    plan.users.push({
      id,
      userName: channel.userName,
      email: channel.email,
      fullName: channel.fullName,
      // Filled in by the caller: argon2 hashing runs beside the ffmpeg jobs.
      passwordHash: '',
      description: channel.description,
      avatarKey,
      coverKey,
      subscriberCount: 0,
      createdAt,
      updatedAt: createdAt,
      // Demo addresses are the site's own: confirmed, so no banner asks to confirm them.
      emailConfirmedAt: createdAt,
    });
    plan.channelMedia.push({ userId: id, channel, avatarKey, coverKey });
    return id;
  });

  DEMO_VIDEOS.forEach((demo, index) => {
    const id = newId();
    const channel = DEMO_CHANNELS[demo.owner];
    const ownerId = userIds[demo.owner];
    if (!channel || !ownerId) throw new Error(`demo video ${index} has no owner`);
    // From two hours to fourteen months old, so ages read "hours", "days", "months" and "1 year".
    const createdAt = new Date(now.getTime() - logUniform(rng, 2 * HOUR, 420 * DAY));
    const videoKey = `videos/${newId()}.mp4`;
    const thumbnailKey = sizedKey('thumbnail', newId(), DEMO_IMAGE_TOPS.thumbnail);
    plan.videos.push({
      id,
      ownerId,
      title: demo.title,
      description: demo.description,
      tags: demo.tags,
      duration: 0, // filled in from ffprobe once the file exists
      views: Math.round(logUniform(rng, 30, 90_000)),
      likesCount: 0,
      isPublished: demo.published !== false,
      videoKey,
      thumbnailKey,
      createdAt,
      updatedAt: createdAt,
    });
    plan.videoMedia.push({
      videoId: id,
      videoKey,
      thumbnailKey,
      look: {
        kind: demo.kind,
        color: channel.color,
        accent: channel.accent,
        hue: PATTERN_HUES[index % PATTERN_HUES.length] ?? 0,
        tone: TONES[index % TONES.length] ?? 440,
        seconds: 3 + (index % 8), // 3–10 s
      },
    });
  });

  const published = plan.videos.filter((v) => v.isPublished);
  const likeCounts = new Map<string, number>();
  const like = (userId: string, targetType: 'video' | 'comment', targetId: string, at: Date) => {
    plan.likes.push({ userId, targetType, targetId, createdAt: at });
    likeCounts.set(targetId, (likeCounts.get(targetId) ?? 0) + 1);
  };

  for (const video of published) {
    const others = userIds.filter((id) => id !== video.ownerId);
    const since = video.createdAt ?? now;
    for (const userId of others) {
      if (rng.chance(0.45)) like(userId, 'video', video.id, between(rng, since, now));
    }
    const pool = [
      ...GENERIC_COMMENTS,
      ...(video.tags ?? []).flatMap((tag) => TAG_COMMENTS[tag] ?? []),
    ];
    const texts = rng.sample(pool, rng.int(1, 4));
    for (const content of texts) {
      const at = between(rng, since, now);
      const commentId = newId();
      plan.comments.push({
        id: commentId,
        videoId: video.id,
        ownerId: rng.pick(others),
        content,
        likesCount: 0,
        createdAt: at,
        updatedAt: at,
      });
      for (const userId of userIds) {
        if (rng.chance(0.2)) like(userId, 'comment', commentId, between(rng, at, now));
      }
    }
  }
  for (const video of plan.videos) video.likesCount = likeCounts.get(video.id) ?? 0;
  for (const comment of plan.comments) comment.likesCount = likeCounts.get(comment.id) ?? 0;

  const subscriberCounts = new Map<string, number>();
  for (const subscriberId of userIds) {
    const channels = rng.sample(
      userIds.filter((id) => id !== subscriberId),
      rng.int(3, 5),
    );
    for (const channelId of channels) {
      plan.subscriptions.push({
        subscriberId,
        channelId,
        createdAt: new Date(now.getTime() - logUniform(rng, DAY, 300 * DAY)),
      });
      subscriberCounts.set(channelId, (subscriberCounts.get(channelId) ?? 0) + 1);
    }
  }
  for (const user of plan.users) user.subscriberCount = subscriberCounts.get(user.id) ?? 0;

  const viewers = new Map<string, number>();
  for (const userId of userIds) {
    const usual = rng.int(8, 14);
    const watched = rng.sample(
      published.filter((v) => v.ownerId !== userId),
      // The first demo user (mira.kitchen) has three pages of history at 10 per page.
      userId === userIds[0] ? FIRST_USER_HISTORY : usual,
    );
    const watchTimes = new Map<string, Date[]>();
    for (const video of watched) {
      const earliest = new Date((video.createdAt ?? now).getTime() + HOUR);
      const watchedAt = between(
        rng,
        new Date(Math.max(earliest.getTime(), now.getTime() - 30 * DAY)),
        now,
      );
      plan.history.push({ id: newId(), userId, videoId: video.id, watchedAt });
      plan.views.push({ userId, videoId: video.id, countedAt: watchedAt });
      viewers.set(video.id, (viewers.get(video.id) ?? 0) + 1);
      for (const tag of video.tags ?? []) {
        watchTimes.set(tag, [...(watchTimes.get(tag) ?? []), watchedAt]);
      }
    }
    // Scored exactly as the server scores views (recent and frequent tags win), so later real
    // views rank against the seeded ones correctly.
    for (const [tag, times] of watchTimes) {
      const updatedAt = new Date(Math.max(...times.map((t) => t.getTime())));
      plan.tagScores.push({ userId, tag, score: storedTagScore(times), updatedAt });
    }
  }
  // A view counter can never be below the number of people who have a counted view.
  for (const video of plan.videos) video.views = (video.views ?? 0) + (viewers.get(video.id) ?? 0);

  return plan;
}
