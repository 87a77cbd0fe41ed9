-- The audit log is append-only in the database (ADR 0118): a row trigger refuses UPDATE and
-- DELETE, a statement trigger refuses TRUNCATE, whichever connection or role sends them, with
-- SQLSTATE FF001 and a message naming the statement.
--
-- The one way to empty it is the reset switch, a transaction-local setting:
--   SELECT set_config('farmfresh.audit_log_reset', 'on', true);  -- or SET LOCAL … = 'on'
-- With it on, DELETE and TRUNCATE go through for the rest of that transaction; UPDATE never does.
-- Only the demo shop's seeding turns it on, and only in demo mode (DEMO_MODE=true,
-- src/features/demo-shop/seed.ts); test databases reset through the same seeding.
--
-- Entries name staff by id from now on: `staff_name` is kept for an actor without a staff row
-- and for the rows written before, so it may be null.
ALTER TABLE "audit_log" ALTER COLUMN "staff_name" DROP NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'TRUNCATE') AND current_setting('farmfresh.audit_log_reset', true) = 'on' THEN
    IF TG_LEVEL = 'ROW' THEN
      RETURN OLD;
    END IF;
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'The audit log is append-only: % on audit_log is refused.', TG_OP
    USING ERRCODE = 'FF001',
          HINT = 'Entries are only ever inserted (docs/adr/0118-append-only-audit-log.md).';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only_rows BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_log_append_only_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
