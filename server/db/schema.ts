/**
 * The one database schema, shared by PGlite (embedded) and PostgreSQL (DATABASE_URL).
 * Change it, then run `npm run db:generate` to add a migration under drizzle/.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Stored lower-case; unique. */
    userName: text('user_name').notNull().unique(),
    /** Stored lower-case; unique. */
    email: text('email').notNull().unique(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    description: text('description').notNull().default(''),
    /** Storage keys of the processed images. */
    avatarKey: text('avatar_key').notNull(),
    coverKey: text('cover_key').notNull(),
    /** Kept equal to the number of subscriptions rows with this channel, in the same transaction. */
    subscriberCount: integer('subscriber_count').notNull().default(0),
    /**
     * When the account's address was confirmed through a mailed link (issue 32); null until then.
     * Accounts older than migration 0018 are null too: nobody ever proved those addresses.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }),
    /** A new address asked for in Settings; it replaces `email` only when it is confirmed. */
    pendingEmail: text('pending_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // GET /search/channels: names close to or starting like the query (pg_trgm, migration 0015).
    index('users_user_name_trgm_idx').using('gin', sql`${t.userName} gin_trgm_ops`),
    index('users_full_name_trgm_idx').using('gin', sql`lower(${t.fullName}) gin_trgm_ops`),
  ],
);

/**
 * One row per signed-in device. The refresh token is `${id}.${secret}`; only a hash of the
 * current secret is stored. Presenting an older secret means the token was stolen or replayed:
 * the session is revoked.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshHash: text('refresh_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** The User-Agent header at sign-in, cut to 512 characters (Settings → Devices). */
    userAgent: text('user_agent').notNull().default(''),
    /** The sign-in address's network, never the address: a /24 (IPv4) or a /48 (IPv6). */
    network: text('network').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const videos = pgTable(
  'videos',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Ranked full-text document; see the video_search_document() migration. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`video_search_document(title, description, tags)`),
    /** Seconds, read by ffprobe. */
    duration: doublePrecision('duration').notNull(),
    /** Counted views; on no index, so that the view counter's increments stay HOT updates. */
    views: integer('views').notNull().default(0),
    /**
     * floor(16 · log2(views + 1)): a popularity step that moves about once per 4 % more views. It
     * orders like `views` (monotonic), so the views sort walks its index and sorts only within a
     * step, while most increments leave it, and so every index, untouched (migration 0005).
     */
    viewsTier: smallint('views_tier')
      .notNull()
      .generatedAlwaysAs(sql`floor(ln(views + 1::float8) * 16 / ln(2::float8))::smallint`),
    likesCount: integer('likes_count').notNull().default(0),
    /** Issue 33: the creator turned comments off (on no index: view-counter updates stay HOT). */
    commentsOff: boolean('comments_off').notNull().default(false),
    /**
     * Issue 33's counters, written only by the comments_keep_counts trigger (migration 0020):
     * published comments a list shows everyone, and those plus their published replies.
     */
    commentCount: integer('comment_count').notNull().default(0),
    conversationCount: integer('conversation_count').notNull().default(0),
    /** Means "public" (videos_published_is_public); kept in step with `visibility` by a trigger (0021). */
    isPublished: boolean('is_published').notNull().default(true),
    /** Issue 34: public, unlisted (by link only) or private. */
    visibility: text('visibility', { enum: ['public', 'unlisted', 'private'] })
      .notNull()
      .default('public'),
    /** Issue 34: a private or unlisted video's scheduled publication (publish-job.ts). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** Issue 34: when it first became public (set by the trigger); announced to subscribers then. */
    firstPublicAt: timestamp('first_public_at', { withTimezone: true }),
    videoKey: text('video_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('videos_feed_idx').on(t.isPublished, t.createdAt.desc(), t.id),
    index('videos_owner_idx').on(t.ownerId, t.createdAt.desc()),
    // The subscriptions feed: each followed channel's newest published videos, read per channel
    // (feed/subscription-feed.ts) and merged, so its cost follows the channels, not the catalogue.
    index('videos_owner_published_idx')
      .on(t.ownerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isPublished}`),
    index('videos_popularity_idx').on(t.isPublished, t.viewsTier.desc()),
    check('videos_visibility_check', sql`${t.visibility} in ('public', 'unlisted', 'private')`),
    check('videos_published_is_public', sql`${t.isPublished} = (${t.visibility} = 'public')`),
    check('videos_schedule_not_public', sql`${t.publishAt} is null or ${t.visibility} <> 'public'`),
    index('videos_schedule_idx')
      .on(t.publishAt)
      .where(sql`${t.publishAt} is not null`),
    // Feed sorts by duration and title (sortBy) without sorting the whole catalogue.
    index('videos_duration_idx').on(t.duration.desc()),
    index('videos_title_idx').on(t.title),
    // A GIN index queues new entries in a pending list that every search scans in full until a
    // vacuum or the list's limit (4 MB by default) merges it. Each counted view that moves a video
    // to the next popularity step adds entries (the update cannot be HOT), and the embedded
    // database has no autovacuum: after one bench run, "guitar riff" took 41 ms instead of 16. A
    // 64 kB limit makes the view counter's writes merge the list while it is small.
    index('videos_tags_idx').using('gin', t.tags).with({ gin_pending_list_limit: 64 }),
    index('videos_search_idx').using('gin', t.searchVector).with({ gin_pending_list_limit: 64 }),
    // Relevance's title candidates (feed/video-search.ts): the videos holding a query's words in
    // their title, read without reading those holding them in tags or description (migration 0015).
    index('videos_title_search_idx')
      .using('gin', sql`to_tsvector('english'::regconfig, ${t.title})`)
      .with({ gin_pending_list_limit: 64 }),
  ],
);

/**
 * Published-video counts, kept by statement-level triggers on videos (migration 0001): scope 'all'
 * (key ''), 'owner' (key = owner id) and 'tag' (key = tag). They give the feed, a channel and a tag
 * page their exact totalVideos in one lookup instead of counting up to the whole catalogue.
 */
export const videoCounts = pgTable(
  'video_counts',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

export const likeTarget = pgEnum('like_target', ['video', 'comment', 'tweet']);

/** One row per user and target; the target's likes_count moves with it in one transaction. */
export const likes = pgTable(
  'likes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: likeTarget('target_type').notNull(),
    targetId: text('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetType, t.targetId] }),
    index('likes_target_idx').on(t.targetType, t.targetId),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: text('id').primaryKey(),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The comment whose thread this reply is in (issue 33; replies nest one level). */
    parentId: text('parent_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    /** Whom a reply answers: the author of the comment or reply it was written under. */
    replyToUserId: text('reply_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Published replies under a comment; written only by the comments_keep_counts trigger. */
    replyCount: integer('reply_count').notNull().default(0),
    /** published · held (a held word; awaits the creator) · blocked (its author is blocked). */
    status: text('status', { enum: ['published', 'held', 'blocked'] })
      .notNull()
      .default('published'),
    /** A tombstone: deleted while published replies remain under it (content ''). */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    pinnedAt: timestamp('pinned_at', { withTimezone: true, mode: 'date' }),
    heartedAt: timestamp('hearted_at', { withTimezone: true, mode: 'date' }),
    /** Top's order: comment_top_score() of likes, replies, the heart and the time (0020). */
    score: doublePrecision('score')
      .notNull()
      .generatedAlwaysAs(
        sql`comment_top_score(likes_count, reply_count, hearted_at IS NOT NULL, created_at)`,
      ),
  },
  (t) => [
    // The first page of Newest and of Top on a video, and of a thread, read from an index.
    index('comments_newest_idx')
      .on(t.videoId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.parentId} is null`),
    index('comments_top_idx')
      .on(t.videoId, t.score.desc(), t.id.desc())
      .where(sql`${t.parentId} is null`),
    index('comments_replies_idx')
      .on(t.parentId, t.createdAt, t.id)
      .where(sql`${t.parentId} is not null`),
    // One pinned comment per video.
    uniqueIndex('comments_pinned_idx')
      .on(t.videoId)
      .where(sql`${t.pinnedAt} is not null`),
    index('comments_reply_to_idx').on(t.replyToUserId),
    // The caller's own held and blocked comments, which the lists add to what everyone sees.
    index('comments_unpublished_idx')
      .on(t.ownerId, t.videoId)
      .where(sql`${t.status} <> 'published'`),
    index('comments_held_idx')
      .on(t.videoId, t.createdAt)
      .where(sql`${t.status} = 'held'`),
    // The dashboard sums the likes of the caller's own comments.
    index('comments_owner_idx').on(t.ownerId),
    check('comments_status_check', sql`${t.status} in ('published', 'held', 'blocked')`),
  ],
);

/** Words and phrases that hold a comment on the channel's videos for review (issue 33). */
export const channelHeldWords = pgTable(
  'channel_held_words',
  {
    channelId: text('channel_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Trimmed, inner spaces collapsed, lower-cased. */
    word: text('word').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.word] })],
);

/** Users a channel blocked from commenting on its videos (issue 33). */
export const channelBlockedUsers = pgTable(
  'channel_blocked_users',
  {
    channelId: text('channel_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.userId] }),
    index('channel_blocked_users_list_idx').on(t.channelId, t.createdAt.desc(), t.userId),
    index('channel_blocked_users_user_idx').on(t.userId),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: text('channel_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.channelId] }),
    index('subscriptions_channel_idx').on(t.channelId, t.createdAt.desc()),
    // The channels one user follows, most recent first (GET /subscriptions and /subscriptions/u).
    index('subscriptions_subscriber_idx').on(
      t.subscriberId,
      t.createdAt.desc(),
      t.channelId.desc(),
    ),
    check('subscriptions_not_self', sql`${t.subscriberId} <> ${t.channelId}`),
  ],
);

/** One row per user and video; watchedAt is the latest watch. */
export const watchHistory = pgTable(
  'watch_history',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    watchedAt: timestamp('watched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Whether the entry's video is visible to this user (published, or theirs). Kept by triggers
     * (drizzle/0004): set on insert, updated when the video's publish state changes. It lets the
     * history page and its count read this table alone, whatever the size of the catalogue.
     */
    visible: boolean('visible').notNull().default(true),
    /**
     * Where the viewer stopped (seconds), reported by the player while it plays and on pause or
     * leaving (PUT /videos/{id}/progress); null until a report. In the history row, so the
     * watch page reads it in its own statement and clearing history forgets it too.
     */
    positionSeconds: doublePrecision('position_seconds'),
  },
  (t) => [
    uniqueIndex('watch_history_user_video_idx').on(t.userId, t.videoId),
    // A publish toggle updates its video's entries, and deleting a video cascades to them; Up
    // next reads a video's most recent viewers (feed/up-next.ts, migration 0017).
    index('watch_history_video_time_idx').on(t.videoId, t.watchedAt.desc()),
    // Serves the history page in its order (newest watch, then id) and its count, without a sort.
    index('watch_history_user_time_idx')
      .on(t.userId, t.watchedAt.desc(), t.id.desc())
      .where(sql`${t.visible}`),
  ],
);

/**
 * When a viewer's view of a video last counted. Separate from history so that clearing history
 * cannot be used to inflate view counts.
 */
export const videoViews = pgTable(
  'video_views',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    countedAt: timestamp('counted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);

/** Per-user interest in a tag, decayed over time; the top 10 are the user's `tags`. */
export const userTagScores = pgTable(
  'user_tag_scores',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    score: doublePrecision('score').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tag] }),
    index('user_tag_scores_rank_idx').on(t.userId, t.score.desc()),
  ],
);

/** Short text posts on a channel; likes_count moves with the likes rows (target_type 'tweet'). */
export const tweets = pgTable(
  'tweets',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tweets_owner_idx').on(t.ownerId, t.createdAt.desc(), t.id.desc())],
);

export const playlists = pgTable(
  'playlists',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /**
     * The owner's built-in Watch later list (issue 23): one per user, made on first use, seen by
     * its owner only (left out of channel lists, 404 by id to anyone else).
     */
    watchLater: boolean('watch_later').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('playlists_owner_idx').on(t.ownerId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('playlists_watch_later_idx')
      .on(t.ownerId)
      .where(sql`${t.watchLater}`),
  ],
);

/**
 * A video in a playlist, at most once. `position` comes from one global identity sequence, so it
 * only grows: ordering a playlist's entries by it is the order in which they were added, without
 * a max()+1 race between concurrent adds. Both references cascade, so deleting a video or a
 * playlist removes its entries in the same statement.
 */
export const playlistVideos = pgTable(
  'playlist_videos',
  {
    playlistId: text('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    position: bigint('position', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.videoId] }),
    index('playlist_videos_order_idx').on(t.playlistId, t.position),
    // The cascade from videos looks entries up by video.
    index('playlist_videos_video_idx').on(t.videoId),
  ],
);

/**
 * Dashboard history of a channel, one row per UTC hour with activity: counted views of its videos
 * and new subscribers (subscriptions still present, by the hour they began). Kept by triggers on
 * video_views and subscriptions (migration 0003), so every writer (API, seed, bulk loads) keeps it.
 * Hourly, not daily: the viewer's days are summed from hours in the viewer's time zone, exact for
 * every whole-hour offset (see docs/decisions.md for the half-hour zones). No foreign key: history
 * outlives a deleted video, as views that happened stay counted for the day they happened.
 */
export const channelStatHours = pgTable(
  'channel_stat_hours',
  {
    channelId: text('channel_id').notNull(),
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    views: integer('views').notNull().default(0),
    subscribers: integer('subscribers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.hour] })],
);

/**
 * Counted views of a video per UTC day, stored as running totals over a 128-day block (`cum[i]` =
 * views on the block's days 1…i). The views since any day are then one subscript per block, so the
 * top videos of a 90-day period read at most two rows per video instead of 90 (trigger-kept, 0003).
 */
export const videoViewBlocks = pgTable(
  'video_view_blocks',
  {
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    block: integer('block').notNull(),
    channelId: text('channel_id').notNull(),
    cum: integer('cum').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.block] }),
    index('video_view_blocks_channel_idx').on(t.channelId, t.block),
  ],
);

export const processingState = pgEnum('processing_state', ['processing', 'ready', 'failed']);

/** One HLS rendition that is ready to play, as the master playlist lists it. */
export interface StoredRendition {
  /** "720p". */
  name: string;
  width: number;
  height: number;
  /** Measured peak and average bits per second. */
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
  /** Number of media segments (their keys follow from the prefix, id, name and index). */
  segments: number;
  /**
   * The attempt that made it, in each of its files' keys (media/hls/keys.ts): a stalled run's
   * late upload then cannot overwrite them. Absent on renditions recorded before ids.
   */
  id?: string;
}

/**
 * The adaptive-streaming state of a video, beside the row rather than in it: progress changes
 * every few seconds and must not rewrite a `videos` row with eight indexes. A video without a row
 * here plays its MP4 only (videos made before HLS, the demo and bench catalogues).
 */
export const videoProcessing = pgTable('video_processing', {
  videoId: text('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  state: processingState('state').notNull().default('processing'),
  /** 0…1 over every rendition of the ladder. */
  progress: doublePrecision('progress').notNull().default(0),
  /** Why the last attempt failed, in words for the creator (details stay in the server log). */
  error: text('error'),
  /** Random name prefix of the HLS files under `hls/`; replaced when unpublishing retires URLs. */
  hlsPrefix: text('hls_prefix').notNull(),
  renditions: jsonb('renditions').$type<StoredRendition[]>().notNull().default([]),
  /** The seek-preview sprite and map (issue 34, migration 0023); null until the job made them. */
  previews: jsonb('previews').$type<StoredPreviews>(),
  updatedAt: updatedAt(),
});

/** A video's seek previews: `hls/<prefix>-<id>-previews.jpg` and `.vtt` (media/previews/keys.ts). */
export interface StoredPreviews {
  /** The attempt that made them, in their keys: a stale run's late upload lands elsewhere. */
  id: string;
  /** Seconds between tiles, and how many tiles the sprite holds. */
  interval: number;
  tiles: number;
}

/**
 * Storage keys whose files are in flight: about to be stored before a row names them, or about to
 * be removed after rows stopped naming them (storage/media-journal.ts). A run killed in between
 * leaves its keys here, so the next start of the same writer removes exactly those orphans at
 * once instead of waiting out the reconciliation's grace period.
 */
export const mediaJournal = pgTable('media_journal', {
  /** A row's key: an image key stands for every width stored under it. */
  key: text('key').primaryKey(),
  /** Who wrote it: the server of one DATA_DIR (kept across restarts), or a worker process. */
  writer: text('writer').notNull(),
  /** The process run that wrote it (new at every start). */
  run: text('run').notNull(),
  createdAt: createdAt(),
});

/** What a notification is about (contract/notifications.ts names them for clients). */
export const notificationType = pgEnum('notification_type', [
  'newVideo',
  'newSubscriber',
  'comment',
  'likeMilestone',
  'videoReady',
  'reply',
  'mention',
  'heart',
]);

/**
 * One notification of one recipient, written in the transaction of the event that causes it (or
 * by the transcode job). It holds ids only: titles, names and avatars are read when listed, so an
 * edit shows and a rename needs no rewrite. Visibility is also decided when listed: an entry about
 * a video the recipient may not see (unpublished by its owner) is left out until it is published
 * again, and deleting the video, comment or actor deletes the entry (cascades).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
    /** Who did it (uploader, subscriber, commenter); null for a milestone or a finished job. */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    videoId: text('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    commentId: text('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    /** The like count reached (10, 100, 1 000 …) for likeMilestone. */
    milestone: integer('milestone'),
    /**
     * What makes the entry unique for its recipient (`newVideo:<video>`, `likes:<video>:100` …):
     * writers insert with ON CONFLICT DO NOTHING, so a re-subscribe, a like toggled across a
     * milestone twice or a job run twice notify once.
     */
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_idx').on(t.recipientId, t.dedupeKey),
    // The list in its order (unread first, then newest) and the unread count, without a sort.
    index('notifications_list_idx').on(
      t.recipientId,
      sql`(${t.readAt} is not null)`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // Cascades from videos and comments look entries up by them.
    index('notifications_video_idx').on(t.videoId),
    index('notifications_comment_idx').on(t.commentId),
    index('notifications_actor_idx').on(t.actorId),
  ],
);

/** A notification type a user switched off (absent: on). Checked when notifications are written. */
export const notificationMutes = pgTable(
  'notification_mutes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
/**
 * What visitors searched and found (issue 31): the normalised text of a search whose first page
 * held at least one published video and whose every word is found together in one published
 * video, with how often and when it was last searched. No user, no address, no per-search time:
 * nothing says who searched. Written in batches by feed/search-log.ts, pruned there (kept 90
 * days after its last search, at most SEARCH_LOG_MAX_ROWS rows); read by the suggestions while
 * typing (feed/suggestions.ts) through the search_fold() prefix index of migration 0016.
 */
export const searchQueries = pgTable('search_queries', {
  /** Trimmed, spaces collapsed, lower-case; accents kept (search_fold() drops them for lookups). */
  text: text('text').primaryKey(),
  count: integer('count').notNull().default(0),
  /**
   * A published video that held every word when last searched: the text is suggested only while
   * this one is still published (a primary-key lookup when read, where a full-text check of each
   * text cost ~5 ms). No foreign key: a deleted video simply stops the suggestion.
   */
  videoId: text('video_id').notNull(),
  lastSearchedAt: timestamp('last_searched_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow(),
});

/**
 * Login and register attempts per client, shared by every replica (accounts/rate-limit-counters.ts): one
 * row per limited route and client address, its count restarting when its window has ended.
 * UNLOGGED in its migration: counters are not worth a WAL write each, and a crash of the database
 * forgetting at most a minute of attempts is harmless.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Resumable (tus) uploads whose bytes live in the bucket (uploads/bucket-upload-store.http.ts), so any
 * replica can take the next PATCH or the finish: the length, the bytes received so far and the
 * metadata here, the bytes of each PATCH as one object in the bucket, named in `chunkKeys`. The
 * embedded default keeps its uploads in DATA_DIR/uploads instead.
 */
export const resumableUploads = pgTable('resumable_uploads', {
  /** tus' id: 32 lower-case hex digits. */
  id: text('id').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  received: bigint('received', { mode: 'number' }).notNull().default(0),
  /** The storage keys of the chunks, in the order of their bytes. */
  chunkKeys: text('chunk_keys')
    .array()
    .notNull()
    .default(sql`'{}'`),
  /** tus metadata as the server built it (owner, title, description, tags, filename). */
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  /** While a finish runs (on any replica), until this time: a second finish must not make a twin. */
  finishingUntil: timestamp('finishing_until', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  /** The last byte received: abandoned uploads expire by inactivity (maintenance/upload-expiry.ts). */
  updatedAt: updatedAt(),
});

/**
 * The search vocabulary: every word (lower-case, unstemmed: pg_trgm compares what users type) of
 * published videos' titles and tags and of channel names, with the number of published videos
 * and channels that hold it. Kept by triggers on videos and users (migration 0015), so a video's
 * words leave the moment it is unpublished or deleted. Spelling correction (feed/spelling.ts)
 * looks a query's unmatched word up here by trigram similarity.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    n: integer('n').notNull().default(0),
    /** Published videos holding the word in their title or tags (migration 0024). */
    videos: integer('videos').notNull().default(0),
  },
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

/**
 * A published video's search terms (migration 0025, trigger-kept): each lexeme of its title, tags
 * and description and each pair of lexemes that follow each other in a field, with the best field
 * holding the term (3 title, 2 tags, 1 description) and the video's popularity step, date and
 * duration, so that a term's rank index lists its matches in relevance order
 * (feed/search-postings.ts). The indexes are the migration's (INCLUDE columns).
 */
export const searchPostings = pgTable('search_postings', {
  term: text('term').notNull(),
  videoId: text('video_id').notNull(),
  field: smallint('field').notNull(),
  viewsTier: smallint('views_tier').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  duration: doublePrecision('duration').notNull(),
});

/**
 * Single-use links mailed to an account (issue 32): a password reset or the confirmation of an
 * address. Only a SHA-256 of the token is stored; a newer token of the same purpose replaces the
 * older one (one row per account and purpose), so only the newest link works.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'password-reset' | 'email-confirm'. */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the link was sent to (for a confirmation: the address it confirms). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose] })],
);

/**
 * An authenticator app's TOTP secret (RFC 6238), encrypted with the server's key. `enabledAt` is
 * null while it is being set up (the first code not yet confirmed); two-step sign-in is on when it
 * is set. `lastStep` is the time step of the last code accepted, so a code works once.
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per account with two-step sign-in, stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** WebAuthn credentials (passkeys) of an account; the id is the credential id (base64url). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** AuthenticatorTransport values the browser reported ('internal', 'usb', 'hybrid'…). */
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * A sign-in or passkey ceremony in progress (accounts/sign-in-challenges.ts): the second step
 * after the password ('second-step', with the user), a passkey sign-in ('passkey-sign-in', no
 * user yet) or a passkey being added ('passkey-register'). The client holds `${id}.${secret}`;
 * only the secret's hash is stored. Used once, short-lived, attempts counted.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    /** The WebAuthn challenge (base64url) a passkey must sign, when the ceremony has one. */
    webauthnChallenge: text('webauthn_challenge'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_challenges_expiry_idx').on(t.expiresAt)],
);

/**
 * Issue 34: a video's captions, one WebVTT file per language (captions/captions.ts). The file
 * lives in the media storage under `storage_key`; a new upload takes a fresh key.
 */
export const videoCaptions = pgTable(
  'video_captions',
  {
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** BCP 47 in canonical case: en, pt-BR. */
    language: text('language').notNull(),
    label: text('label').notNull(),
    storageKey: text('storage_key').notNull(),
    cueCount: integer('cue_count').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.language] })],
);
