CREATE INDEX "products_updated_at_idx" ON "products" USING btree ("updated_at");--> statement-breakpoint
-- Every change of a product is stamped by the database when the row is written, whoever writes it
-- (the search's kept cards follow products by updated_at: src/features/search/server/index-cache.ts).
CREATE OR REPLACE FUNCTION "products_stamp_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updated_at" := clock_timestamp();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_stamp_updated_at" BEFORE UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "products_stamp_updated_at"();
