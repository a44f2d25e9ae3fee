-- Issue 33, the conversation under a video: replies one level deep, the creator's pin and heart,
-- held and blocked comments, tombstones, comments off, a channel's held words and blocked users.
-- The counts the lists show are counter columns that one trigger keeps in the transaction of every
-- write (a cascade from a deleted account included), so no list counts 100 000 rows:
--   comments.reply_count      published replies under a comment;
--   videos.comment_count      published comments (not replies) a list shows to everyone (a
--                             tombstone while it has replies): what the list pages over;
--   videos.conversation_count published, undeleted comments plus the published replies under
--                             published comments: the heading's "N Comments".
-- Top is a stored score (Reddit's "hot": the log of likes, replies and the creator's heart, plus
-- the creation time over 45 000 s), a generated column, so its first page reads an index.
CREATE FUNCTION comment_top_score(likes integer, replies integer, hearted boolean, created timestamptz)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $fn$
  SELECT log((1 + greatest(likes, 0) + 2 * greatest(replies, 0) + CASE WHEN hearted THEN 10 ELSE 0 END)::float8)
    + extract(epoch FROM created)::float8 / 45000
$fn$;
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "parent_id" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "reply_to_user_id" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "reply_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hearted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "score" double precision GENERATED ALWAYS AS (comment_top_score("likes_count", "reply_count", "hearted_at" IS NOT NULL, "created_at")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_status_check" CHECK ("status" IN ('published', 'held', 'blocked'));--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reply_to_user_id_users_id_fk" FOREIGN KEY ("reply_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
DROP INDEX "comments_video_idx";--> statement-breakpoint
CREATE INDEX "comments_newest_idx" ON "comments" USING btree ("video_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "parent_id" IS NULL;--> statement-breakpoint
CREATE INDEX "comments_top_idx" ON "comments" USING btree ("video_id","score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "parent_id" IS NULL;--> statement-breakpoint
CREATE INDEX "comments_replies_idx" ON "comments" USING btree ("parent_id","created_at","id") WHERE "parent_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "comments_pinned_idx" ON "comments" USING btree ("video_id") WHERE "pinned_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "comments_reply_to_idx" ON "comments" USING btree ("reply_to_user_id");--> statement-breakpoint
CREATE INDEX "comments_unpublished_idx" ON "comments" USING btree ("owner_id","video_id") WHERE "status" <> 'published';--> statement-breakpoint
CREATE INDEX "comments_held_idx" ON "comments" USING btree ("video_id","created_at") WHERE "status" = 'held';--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "comments_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "conversation_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "videos" v SET
  "comment_count" = (SELECT count(*) FROM "comments" c WHERE c.video_id = v.id),
  "conversation_count" = (SELECT count(*) FROM "comments" c WHERE c.video_id = v.id);--> statement-breakpoint
CREATE TABLE "channel_held_words" (
	"channel_id" text NOT NULL,
	"word" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_held_words_channel_id_word_pk" PRIMARY KEY("channel_id","word")
);
--> statement-breakpoint
CREATE TABLE "channel_blocked_users" (
	"channel_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_blocked_users_channel_id_user_id_pk" PRIMARY KEY("channel_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "channel_held_words" ADD CONSTRAINT "channel_held_words_channel_id_users_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_blocked_users" ADD CONSTRAINT "channel_blocked_users_channel_id_users_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_blocked_users" ADD CONSTRAINT "channel_blocked_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_blocked_users_list_idx" ON "channel_blocked_users" USING btree ("channel_id","created_at" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "channel_blocked_users_user_idx" ON "channel_blocked_users" USING btree ("user_id");--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'reply';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'mention';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'heart';--> statement-breakpoint
-- The counters' one writer. A reply moves its comment's reply_count; a comment (whose
-- reply_count that update moved) moves its video's counters. Deltas only: a like's update of
-- likes_count changes nothing here.
CREATE FUNCTION comments_keep_counts() RETURNS trigger LANGUAGE plpgsql
AS $fn$
DECLARE
  r_old comments := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD END;
  r_new comments := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW END;
  r comments := coalesce(r_new, r_old);
  d_replies integer;
  d_listed integer;
  d_talk integer;
BEGIN
  IF r.parent_id IS NOT NULL THEN
    d_replies := (CASE WHEN r_new.status = 'published' THEN 1 ELSE 0 END)
               - (CASE WHEN r_old.status = 'published' THEN 1 ELSE 0 END);
    IF d_replies <> 0 THEN
      UPDATE comments SET reply_count = reply_count + d_replies WHERE id = r.parent_id;
    END IF;
    RETURN NULL;
  END IF;
  d_listed := (CASE WHEN r_new.status = 'published' AND (r_new.deleted_at IS NULL OR r_new.reply_count > 0) THEN 1 ELSE 0 END)
            - (CASE WHEN r_old.status = 'published' AND (r_old.deleted_at IS NULL OR r_old.reply_count > 0) THEN 1 ELSE 0 END);
  d_talk := (CASE WHEN r_new.status = 'published' THEN (CASE WHEN r_new.deleted_at IS NULL THEN 1 ELSE 0 END) + r_new.reply_count ELSE 0 END)
          - (CASE WHEN r_old.status = 'published' THEN (CASE WHEN r_old.deleted_at IS NULL THEN 1 ELSE 0 END) + r_old.reply_count ELSE 0 END);
  IF coalesce(d_listed, 0) <> 0 OR coalesce(d_talk, 0) <> 0 THEN
    UPDATE videos SET comment_count = comment_count + coalesce(d_listed, 0),
                      conversation_count = conversation_count + coalesce(d_talk, 0)
      WHERE id = r.video_id;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "comments_keep_counts" AFTER INSERT OR DELETE OR UPDATE OF "status", "deleted_at", "reply_count" ON "comments"
  FOR EACH ROW EXECUTE FUNCTION comments_keep_counts();
