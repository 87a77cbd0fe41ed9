CREATE TABLE "delivery_slot_usage" (
	"zone_id" text NOT NULL,
	"slot_id" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_slot_usage_zone_id_slot_id_pk" PRIMARY KEY("zone_id","slot_id"),
	CONSTRAINT "delivery_slot_usage_used_nonnegative" CHECK ("delivery_slot_usage"."used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "substitution" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitution" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "substitution" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_substitution_valid" CHECK ("cart_items"."substitution" IN ('replace', 'refund', 'call'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitution_valid" CHECK ("order_items"."substitution" IN ('replace', 'refund', 'call'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_substitution_valid" CHECK ("orders"."substitution" IN ('replace', 'refund', 'call'));