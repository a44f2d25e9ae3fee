CREATE TABLE "media_journal" (
	"key" text PRIMARY KEY NOT NULL,
	"writer" text NOT NULL,
	"run" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
