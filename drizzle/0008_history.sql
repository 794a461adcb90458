CREATE TABLE "capacity_history" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"item_type" text NOT NULL,
	"item_id" bigint NOT NULL,
	"scheduled" integer NOT NULL,
	"target" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT 'recorded' NOT NULL,
	CONSTRAINT "capacity_history_company_id_day_item_type_item_id_recorded_at_pk" PRIMARY KEY("company_id","day","item_type","item_id","recorded_at"),
	CONSTRAINT "capacity_history_counts" CHECK ("capacity_history"."scheduled" >= 0 and "capacity_history"."target" >= 0)
);
--> statement-breakpoint
CREATE TABLE "history_state" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"tenant" text,
	"maintained_on" date,
	"backfill_status" text,
	"backfill_progress" jsonb,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "capacity_history" ADD CONSTRAINT "capacity_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_state" ADD CONSTRAINT "history_state_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;