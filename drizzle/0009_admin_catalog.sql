ALTER TABLE "promo_codes" ALTER COLUMN "percent_off" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "points_transactions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "points_transactions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "amount_off_paise" integer;--> statement-breakpoint
ALTER TABLE "delivery_slot_usage" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "delivery_slot_usage" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transactions_idempotency_key" ON "credit_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "points_transactions_idempotency_key" ON "points_transactions" USING btree ("idempotency_key");--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_amount_positive" CHECK ("promo_codes"."amount_off_paise" > 0);--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_one_kind" CHECK (("promo_codes"."percent_off" IS NULL) <> ("promo_codes"."amount_off_paise" IS NULL));--> statement-breakpoint
ALTER TABLE "delivery_slot_usage" ADD CONSTRAINT "delivery_slot_usage_capacity_nonnegative" CHECK ("delivery_slot_usage"."capacity" >= 0);