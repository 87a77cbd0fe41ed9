ALTER TABLE "order_adjustments" ADD COLUMN "cash_given_by" integer;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_cash_given_by_staff_id_fk" FOREIGN KEY ("cash_given_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Cash handed back at the door was given by the order's rider; cash refunds recorded by staff before this column are taken as paid from the shop's till.
UPDATE "order_adjustments" AS a SET "cash_given_by" = o."rider_id" FROM "orders" AS o WHERE a."order_id" = o."id" AND a."refund_to" = 'cash' AND a."kind" = 'hand_back';
