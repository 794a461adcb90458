CREATE TABLE "carrier_reports" (
	"external_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"last_error" text,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "carrier_reports_reported_idx" ON "carrier_reports" USING btree ("reported_at");