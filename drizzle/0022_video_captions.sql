-- Issue 34: captions and subtitles, one WebVTT file per video and language (BCP 47). The file is
-- in the media storage under storage_key; the row goes with its video.
CREATE TABLE "video_captions" (
	"video_id" text NOT NULL,
	"language" text NOT NULL,
	"label" text NOT NULL,
	"storage_key" text NOT NULL,
	"cue_count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_captions_video_id_language_pk" PRIMARY KEY("video_id","language")
);--> statement-breakpoint
ALTER TABLE "video_captions" ADD CONSTRAINT "video_captions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
