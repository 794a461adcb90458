CREATE TABLE "board_logos" (
	"board_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"byte_length" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boards" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"view_type" text DEFAULT 'businessUnit' NOT NULL,
	"item_ids" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"settings" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "screens" ADD COLUMN "board_id" integer;--> statement-breakpoint
ALTER TABLE "board_logos" ADD CONSTRAINT "board_logos_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boards_company_idx" ON "boards" USING btree ("company_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "boards_company_read_through_idx" ON "boards" USING btree ("company_id") WHERE "boards"."settings" is null;--> statement-breakpoint
ALTER TABLE "screens" ADD CONSTRAINT "screens_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screens_board_idx" ON "screens" USING btree ("board_id");--> statement-breakpoint
-- Data (hand-written, decision 014): every company's settings, logo and screens become its first
-- board. That board reads through to board_settings / company_logos (settings NULL), which
-- instances of the previous version keep reading and writing during a rolling deploy.
INSERT INTO "boards" ("company_id", "name", "view_type", "position", "settings")
SELECT "id", 'Main board', 'businessUnit', 0, NULL FROM "companies";--> statement-breakpoint
UPDATE "screens" SET "board_id" = b."id"
FROM "boards" b
WHERE b."company_id" = "screens"."company_id" AND "screens"."view_type" = 'businessUnit';--> statement-breakpoint
-- A screen showed job types by its own choice before boards had a view type: its company gets a
-- second board of job types (a copy of the settings and logo), so that screen shows what it did.
INSERT INTO "boards" ("company_id", "name", "view_type", "position", "settings", "version")
SELECT DISTINCT ON (s."company_id") s."company_id", 'Job types', 'jobType', 1,
  coalesce(bs."settings", '{}'::jsonb), 1
FROM "screens" s LEFT JOIN "board_settings" bs ON bs."company_id" = s."company_id"
WHERE s."view_type" = 'jobType'
ORDER BY s."company_id";--> statement-breakpoint
UPDATE "screens" SET "board_id" = b."id"
FROM "boards" b
WHERE b."company_id" = "screens"."company_id" AND b."view_type" = 'jobType'
  AND b."settings" IS NOT NULL AND "screens"."view_type" = 'jobType';--> statement-breakpoint
INSERT INTO "board_logos" ("board_id", "content_type", "data", "sha256", "byte_length")
SELECT b."id", l."content_type", l."data", l."sha256", l."byte_length"
FROM "boards" b JOIN "company_logos" l ON l."company_id" = b."company_id"
WHERE b."settings" IS NOT NULL;
