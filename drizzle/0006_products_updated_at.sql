CREATE INDEX "products_updated_at_idx" ON "products" USING btree ("updated_at");--> statement-breakpoint
-- Every UPDATE of a product stamps updated_at, whoever writes it (raw SQL, the import, a DBA),
-- so the pages' catalogue snapshot sees each change (src/features/catalog/server/snapshot.ts).
-- clock_timestamp(), not now(): the time of the write, not of its transaction's start.
CREATE OR REPLACE FUNCTION products_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := clock_timestamp();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_touch_updated_at BEFORE UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_touch_updated_at();
