-- An online order says in its status that it is unpaid: awaiting its payment (pending_payment) or
-- released unpaid (payment_failed: declined, abandoned or expired; it was marked cancelled with its
-- payment failed). Nothing else changes: payment_status, cancelled_at and what the order holds stay.
UPDATE "orders" SET "status" = 'pending_payment'
WHERE "payment_mode" = 'Online' AND "payment_status" = 'pending' AND "status" <> 'cancelled';--> statement-breakpoint
UPDATE "orders" SET "status" = 'payment_failed'
WHERE "payment_mode" = 'Online' AND "payment_status" = 'failed' AND "status" = 'cancelled';
