-- Written by hand: drizzle-kit drops and rebuilds the indexes for a changed storage parameter; an
-- ALTER INDEX changes it at once, without rebuilding two GIN indexes (schema.ts says why 64 kB).
ALTER INDEX "videos_tags_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "videos_search_idx" SET (gin_pending_list_limit = 64);
