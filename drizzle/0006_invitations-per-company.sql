DROP INDEX "invitations_email_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_company_email_idx" ON "invitations" USING btree (coalesce("company_id", 0),lower("email"));--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree (lower("email"));