ALTER TABLE "order_notifications" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_notifications" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_notifications" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_notifications_due_idx" ON "order_notifications" USING btree ("next_attempt_at") WHERE "order_notifications"."sent_at" IS NULL AND "order_notifications"."failed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_payment_released_idx" ON "orders" USING btree ("cancelled_at") WHERE "orders"."payment_status" = 'failed' AND "orders"."gateway_order_id" IS NOT NULL;--> statement-breakpoint
UPDATE "order_notifications" SET "attempts" = 1 WHERE "sent_at" IS NOT NULL OR "failed_at" IS NOT NULL;--> statement-breakpoint
UPDATE "order_notifications" SET "attempts" = 1, "failed_at" = now(), "last_error" = 'claimed but never sent before the SMS outbox existed' WHERE "sent_at" IS NULL AND "failed_at" IS NULL;
