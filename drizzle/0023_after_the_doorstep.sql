-- After the doorstep: the rider's delivery outcomes and cash, day-end handovers, UPI QR codes at the
-- door, credit notes in their own series, complaints with tickets; orders may come back undelivered;
-- an order adjustment says what kind it is, why, who recorded it and its credit note. ADRs 0140-0143.
CREATE TABLE "cash_handovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"rider_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"expected_paise" integer NOT NULL,
	"received_paise" integer NOT NULL,
	"difference_reason" text,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_handovers_received_nonnegative" CHECK ("cash_handovers"."received_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_number" text NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer,
	"reason" text NOT NULL,
	"description" text,
	"lines" jsonb,
	"photo_path" text,
	"photo_deleted_at" timestamp with time zone,
	"status" text DEFAULT 'new' NOT NULL,
	"acknowledge_by" timestamp with time zone NOT NULL,
	"resolve_by" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_status_valid" CHECK ("complaints"."status" IN ('new', 'acknowledged', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "credit_note_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"order_id" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"lines" jsonb NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer DEFAULT 0 NOT NULL,
	"sgst_paise" integer DEFAULT 0 NOT NULL,
	"igst_paise" integer DEFAULT 0 NOT NULL,
	"total_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_total_positive" CHECK ("credit_notes"."total_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_outcomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"rider_id" integer,
	"outcome" text NOT NULL,
	"note" text,
	"amount_due_paise" integer DEFAULT 0 NOT NULL,
	"collected_paise" integer,
	"collected_method" text,
	"idempotency_key" text,
	"undone_at" timestamp with time zone,
	"undone_by" integer,
	"undo_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_outcomes_outcome_valid" CHECK ("delivery_outcomes"."outcome" IN ('delivered', 'partly_delivered', 'not_at_home', 'refused')),
	CONSTRAINT "delivery_outcomes_method_valid" CHECK ("delivery_outcomes"."collected_method" IN ('cash', 'upi_qr', 'card')),
	CONSTRAINT "delivery_outcomes_collected_nonnegative" CHECK ("delivery_outcomes"."collected_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_qr_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"gateway_qr_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"image_url" text,
	"close_by" timestamp with time zone NOT NULL,
	"payment_id" text,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_qr_codes_amount_positive" CHECK ("payment_qr_codes"."amount_paise" > 0),
	CONSTRAINT "payment_qr_codes_status_valid" CHECK ("payment_qr_codes"."status" IN ('active', 'closed', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_reason_valid";--> statement-breakpoint
ALTER TABLE "order_notifications" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD COLUMN "kind" text DEFAULT 'packing' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD COLUMN "qty" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD COLUMN "complaint_id" integer;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD COLUMN "credit_note_id" integer;--> statement-breakpoint
ALTER TABLE "order_notifications" ADD COLUMN "complaint_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "undelivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_rider_id_staff_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_recorded_by_staff_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_acknowledged_by_staff_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_resolved_by_staff_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_outcomes" ADD CONSTRAINT "delivery_outcomes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_outcomes" ADD CONSTRAINT "delivery_outcomes_rider_id_staff_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_outcomes" ADD CONSTRAINT "delivery_outcomes_undone_by_staff_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_qr_codes" ADD CONSTRAINT "payment_qr_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_qr_codes" ADD CONSTRAINT "payment_qr_codes_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_handovers_rider_day_key" ON "cash_handovers" USING btree ("rider_id","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_ticket_number_key" ON "complaints" USING btree ("ticket_number");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_idempotency_key" ON "complaints" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "complaints_customer_idx" ON "complaints" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_order_idx" ON "complaints" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "complaints_open_idx" ON "complaints" USING btree ("created_at") WHERE "complaints"."status" <> 'resolved';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_key" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_cancellation_key" ON "credit_notes" USING btree ("order_id") WHERE "credit_notes"."reason" = 'cancellation';--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_outcomes_live_key" ON "delivery_outcomes" USING btree ("order_id") WHERE "delivery_outcomes"."undone_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_outcomes_idempotency_key" ON "delivery_outcomes" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "delivery_outcomes_rider_idx" ON "delivery_outcomes" USING btree ("rider_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_qr_codes_gateway_qr_id_key" ON "payment_qr_codes" USING btree ("gateway_qr_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_qr_codes_payment_id_key" ON "payment_qr_codes" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_qr_codes_active_key" ON "payment_qr_codes" USING btree ("order_id") WHERE "payment_qr_codes"."status" = 'active';--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_adjustments_idempotency_key" ON "order_adjustments" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "order_notifications_complaint_event_key" ON "order_notifications" USING btree ("complaint_id","event");--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_kind_valid" CHECK ("order_adjustments"."kind" IN ('packing', 'hand_back', 'return', 'refund', 'cancellation', 'price_correction'));--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_reason_valid" CHECK ("payment_refunds"."reason" IN ('cancel', 'packing', 'late_payment', 'return'));