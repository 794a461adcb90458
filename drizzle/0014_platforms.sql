CREATE TABLE "webhook_receipts" (
	"key" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "capacity_snapshots" ADD COLUMN "wanted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "capacity_snapshots" ADD COLUMN "early_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "provider" text DEFAULT 'servicetitan' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "hcp_api_key_enc" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "hcp_webhook_secret_enc" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "hcp_webhook_key_enc" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "hcp_webhook_key_hash" text;--> statement-breakpoint
ALTER TABLE "webhook_receipts" ADD CONSTRAINT "webhook_receipts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_receipts_received_idx" ON "webhook_receipts" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_hcp_webhook_key_hash_unique" UNIQUE("hcp_webhook_key_hash");