-- Up next (issue 31) reads a video's most recent viewers: the index on video_id alone sorted all
-- of a popular video's entries for that. The same index, ordered by the watch time, still serves
-- what the old one did (a publish toggle updating the video's entries, a delete's cascade).
DROP INDEX IF EXISTS "watch_history_video_idx";--> statement-breakpoint
CREATE INDEX "watch_history_video_time_idx" ON "watch_history" USING btree ("video_id","watched_at" DESC NULLS LAST);
