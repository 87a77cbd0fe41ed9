CREATE TABLE "catalog_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"op" text NOT NULL,
	"columns" text[],
	"changed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_changes_xid_idx" ON "catalog_changes" USING btree ("xid");--> statement-breakpoint
-- The catalogue change feed (ADR 0146): every row written to a table the storefront's catalogue
-- pages show is logged in the writing transaction, whoever writes it (the app, the import, a DBA),
-- so the log commits or rolls back with the change. An update logs the columns it changed (besides
-- updated_at) and an update that changes nothing logs nothing. pg_notify wakes the listening
-- servers at commit; its payload is the table's name, so a transaction's many rows of one table
-- make one notification (PostgreSQL folds identical ones).
CREATE OR REPLACE FUNCTION catalog_changes_log() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
  row_id integer;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.key ORDER BY n.key) INTO changed
      FROM jsonb_each(to_jsonb(NEW)) AS n
      WHERE n.key <> 'updated_at' AND n.value IS DISTINCT FROM to_jsonb(OLD) -> n.key;
    IF changed IS NULL THEN
      RETURN NULL;
    END IF;
    row_id := NEW.id;
  ELSIF TG_OP = 'INSERT' THEN
    row_id := NEW.id;
  ELSE
    row_id := OLD.id;
  END IF;
  INSERT INTO catalog_changes (entity, entity_id, op, columns) VALUES (TG_TABLE_NAME, row_id, lower(TG_OP), changed);
  PERFORM pg_notify('catalog_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changes AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION catalog_changes_log();--> statement-breakpoint
CREATE TRIGGER categories_catalog_changes AFTER INSERT OR UPDATE OR DELETE ON categories FOR EACH ROW EXECUTE FUNCTION catalog_changes_log();--> statement-breakpoint
CREATE TRIGGER subcategories_catalog_changes AFTER INSERT OR UPDATE OR DELETE ON subcategories FOR EACH ROW EXECUTE FUNCTION catalog_changes_log();--> statement-breakpoint
CREATE TRIGGER banners_catalog_changes AFTER INSERT OR UPDATE OR DELETE ON banners FOR EACH ROW EXECUTE FUNCTION catalog_changes_log();--> statement-breakpoint
CREATE TRIGGER home_rails_catalog_changes AFTER INSERT OR UPDATE OR DELETE ON home_rails FOR EACH ROW EXECUTE FUNCTION catalog_changes_log();
