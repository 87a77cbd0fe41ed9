ALTER TABLE "order_notifications" ADD COLUMN "to_phone" text;--> statement-breakpoint
-- Rows from before the column. The number an SMS went to is known only where the customer's number
-- has not changed since the SMS was queued: the shop changes a number only by verifying it (sign-up,
-- a number change), which stamps phone_verified_at, and each try went to the number on file at the
-- time, so a number verified before the row was queued is the one its tries went to. Every other row
-- stays null (staff read "—"): the current number would be a guess.
UPDATE "order_notifications" AS n SET "to_phone" = c."phone"
FROM "customers" AS c
WHERE c."id" = COALESCE(
    (SELECT o."customer_id" FROM "orders" AS o WHERE o."id" = n."order_id"),
    (SELECT k."customer_id" FROM "complaints" AS k WHERE k."id" = n."complaint_id"))
  AND c."phone" IS NOT NULL
  AND c."phone_verified_at" < n."created_at";
