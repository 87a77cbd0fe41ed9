ALTER TABLE "cart_items" ADD COLUMN "substitution" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitution" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "substitution" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_substitution_valid" CHECK ("cart_items"."substitution" IN ('replace', 'refund', 'call'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitution_valid" CHECK ("order_items"."substitution" IN ('replace', 'refund', 'call'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_substitution_valid" CHECK ("orders"."substitution" IN ('replace', 'refund', 'call'));