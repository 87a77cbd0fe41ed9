CREATE TABLE "invoice_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"event" text NOT NULL,
	"language" text NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_slot_usage" (
	"zone_id" text NOT NULL,
	"slot_id" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_slot_usage_zone_id_slot_id_pk" PRIMARY KEY("zone_id","slot_id"),
	CONSTRAINT "delivery_slot_usage_used_nonnegative" CHECK ("delivery_slot_usage"."used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "substitution" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sms_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "weight" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "weight_unit" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitution" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "substitution" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "order_notifications" ADD CONSTRAINT "order_notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_notifications_order_event_key" ON "order_notifications" USING btree ("order_id","event");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_key" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_paise","id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_substitution_valid" CHECK ("cart_items"."substitution" IN ('replace', 'refund', 'call'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitution_valid" CHECK ("order_items"."substitution" IN ('replace', 'refund', 'call'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_substitution_valid" CHECK ("orders"."substitution" IN ('replace', 'refund', 'call'));