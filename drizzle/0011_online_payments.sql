CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"adjustment_id" integer,
	"reason" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"gateway_refund_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_paise" > 0),
	CONSTRAINT "payment_refunds_reason_valid" CHECK ("payment_refunds"."reason" IN ('cancel', 'packing', 'late_payment')),
	CONSTRAINT "payment_refunds_status_valid" CHECK ("payment_refunds"."status" IN ('requested', 'sending', 'pending', 'processed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gateway_order_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_problem" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_adjustment_id_order_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."order_adjustments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_open_idx" ON "payment_refunds" USING btree ("updated_at") WHERE "payment_refunds"."status" IN ('requested', 'sending', 'pending');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_gateway_refund_id_key" ON "payment_refunds" USING btree ("gateway_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_adjustment_key" ON "payment_refunds" USING btree ("adjustment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_cancel_key" ON "payment_refunds" USING btree ("order_id") WHERE "payment_refunds"."reason" = 'cancel';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_late_payment_key" ON "payment_refunds" USING btree ("payment_id") WHERE "payment_refunds"."reason" = 'late_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_gateway_order_id_key" ON "orders" USING btree ("gateway_order_id");--> statement-breakpoint
CREATE INDEX "orders_payment_pending_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_status" = 'pending';