CREATE TYPE "public"."processing_state" AS ENUM('processing', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "video_processing" (
	"video_id" text PRIMARY KEY NOT NULL,
	"state" "processing_state" DEFAULT 'processing' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"error" text,
	"hls_prefix" text NOT NULL,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_processing" ADD CONSTRAINT "video_processing_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;