ALTER TABLE "orders" ADD COLUMN "points_credited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference" text;