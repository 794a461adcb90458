CREATE TABLE "alert_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text NOT NULL,
	"token_enc" text NOT NULL,
	"code_hash" text,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"confirmation_sent_at" timestamp with time zone,
	"confirmation_error" text,
	"confirmed_at" timestamp with time zone,
	"opted_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "alert_deliveries_once_idx";--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "recipient" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "alert_recipients" ADD CONSTRAINT "alert_recipients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_recipients_address_idx" ON "alert_recipients" USING btree ("company_id","kind","address");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_recipients_token_idx" ON "alert_recipients" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "alert_recipients_number_idx" ON "alert_recipients" USING btree ("kind","address");--> statement-breakpoint
CREATE INDEX "alert_deliveries_external_idx" ON "alert_deliveries" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_once_idx" ON "alert_deliveries" USING btree ("rule_id","occurrence","channel_index","recipient");