CREATE TABLE "item_preferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"item_id" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"custom_name" text,
	"group_id" integer,
	"target_capacity" integer DEFAULT 5 NOT NULL,
	"day1_target" integer DEFAULT 5 NOT NULL,
	"day2_target" integer DEFAULT 5 NOT NULL,
	"day3_target" integer DEFAULT 5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_prefs_targets_positive" CHECK ("item_preferences"."day1_target" > 0 and "item_preferences"."day2_target" > 0 and "item_preferences"."day3_target" > 0)
);
--> statement-breakpoint
ALTER TABLE "item_groups" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "item_groups" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "item_preferences" ADD CONSTRAINT "item_preferences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_preferences" ADD CONSTRAINT "item_preferences_group_id_item_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."item_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_prefs_company_item_idx" ON "item_preferences" USING btree ("company_id","type","item_id");--> statement-breakpoint
CREATE INDEX "item_prefs_group_idx" ON "item_preferences" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "item_groups" ADD CONSTRAINT "item_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_groups_company_type_idx" ON "item_groups" USING btree ("company_id","type");--> statement-breakpoint
-- Hand-written data move (decision 007): groups and preferences become the company's.
UPDATE "item_groups" g SET "company_id" = u."company_id" FROM "users" u WHERE u."id" = g."user_id";--> statement-breakpoint
DELETE FROM "item_groups" WHERE "company_id" IS NULL;--> statement-breakpoint
INSERT INTO "item_preferences" ("company_id", "type", "item_id", "enabled", "custom_name", "group_id", "target_capacity", "day1_target", "day2_target", "day3_target", "created_at", "updated_at")
SELECT DISTINCT ON (u."company_id", p."type", p."item_id") u."company_id", p."type", p."item_id", p."enabled", p."custom_name", p."group_id", p."target_capacity", p."day1_target", p."day2_target", p."day3_target", p."created_at", p."updated_at"
FROM (
  SELECT "user_id", 'businessUnit' AS "type", "business_unit_id" AS "item_id", "enabled", "custom_name", "group_id", "target_capacity", "day1_target", "day2_target", "day3_target", "created_at", "updated_at", "id" FROM "business_unit_preferences"
  UNION ALL
  SELECT "user_id", 'jobType', "job_type_id", "enabled", "custom_name", "group_id", "target_capacity", "day1_target", "day2_target", "day3_target", "created_at", "updated_at", "id" FROM "job_type_preferences"
) p JOIN "users" u ON u."id" = p."user_id" AND u."company_id" IS NOT NULL
ORDER BY u."company_id", p."type", p."item_id", p."updated_at" DESC, p."id" DESC;
