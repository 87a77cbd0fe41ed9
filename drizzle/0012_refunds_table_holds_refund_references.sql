-- Refunds recorded on the order (a cancellation's) and on packing adjustments move into payment_refunds:
-- processed when the gateway took them, failed (for staff to retry) when it did not.
INSERT INTO "payment_refunds" ("order_id", "reason", "payment_id", "amount_paise", "status", "gateway_refund_id", "failure_reason", "created_at", "updated_at")
SELECT "id", 'cancel', COALESCE("payment_reference", ''), "paid_amount_paise",
  CASE WHEN "refund_reference" IS NOT NULL AND "refund_reference" <> 'in_progress' THEN 'processed' ELSE 'failed' END,
  CASE WHEN "refund_reference" <> 'in_progress' THEN "refund_reference" END,
  CASE WHEN "refund_reference" IS NULL OR "refund_reference" = 'in_progress' THEN 'The gateway did not take the refund.' END,
  COALESCE("cancelled_at", "updated_at"), "updated_at"
FROM "orders"
WHERE "payment_mode" = 'Online' AND "payment_status" = 'refunded' AND "paid_amount_paise" > 0;--> statement-breakpoint
INSERT INTO "payment_refunds" ("order_id", "adjustment_id", "reason", "payment_id", "amount_paise", "status", "gateway_refund_id", "failure_reason", "created_at", "updated_at")
SELECT a."order_id", a."id", 'packing', COALESCE(o."payment_reference", ''), a."refund_paise",
  CASE WHEN a."refund_reference" IS NOT NULL AND a."refund_reference" <> 'in_progress' THEN 'processed' ELSE 'failed' END,
  CASE WHEN a."refund_reference" <> 'in_progress' THEN a."refund_reference" END,
  CASE WHEN a."refund_reference" IS NULL OR a."refund_reference" = 'in_progress' THEN 'The gateway did not take the refund.' END,
  a."created_at", a."created_at"
FROM "order_adjustments" a JOIN "orders" o ON o."id" = a."order_id"
WHERE a."refund_to" = 'original_payment' AND a."refund_paise" > 0;--> statement-breakpoint
ALTER TABLE "order_adjustments" DROP COLUMN "refund_reference";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_reference";
