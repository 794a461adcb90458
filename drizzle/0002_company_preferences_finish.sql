ALTER TABLE "business_unit_preferences" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "job_type_preferences" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "business_unit_preferences" CASCADE;--> statement-breakpoint
DROP TABLE "job_type_preferences" CASCADE;--> statement-breakpoint
ALTER TABLE "item_groups" DROP CONSTRAINT "item_groups_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "item_groups_user_type_idx";--> statement-breakpoint
ALTER TABLE "item_groups" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "item_groups" DROP COLUMN "user_id";