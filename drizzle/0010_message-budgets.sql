CREATE TABLE "message_budgets" (
	"key" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "message_budgets_key_until_pk" PRIMARY KEY("key","until")
);
--> statement-breakpoint
CREATE INDEX "message_budgets_until_idx" ON "message_budgets" USING btree ("until");