-- Product declarations for online listings (Legal Metrology rule 6(10), FSSAI): maker, packer,
-- importer, country of origin, shelf life, consumer care, the brand's FSSAI licence, the food mark,
-- and whether the product is sold loose (weighed at packing, exempt). ADR 0138.
ALTER TABLE "products" ADD COLUMN "manufacturer" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packer" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "importer" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "country_of_origin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shelf_life" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "consumer_care" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fssai_licence" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "food_mark" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_loose" boolean DEFAULT false NOT NULL;