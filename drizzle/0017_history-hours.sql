ALTER TABLE "capacity_history" ADD COLUMN "booked_hours" double precision;--> statement-breakpoint
ALTER TABLE "capacity_history" ADD COLUMN "capacity_hours" double precision;