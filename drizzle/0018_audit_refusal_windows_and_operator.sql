CREATE TABLE "audit_refusal_windows" (
	"staff_id" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"role" text NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "audit_refusal_windows_staff_id_window_start_pk" PRIMARY KEY("staff_id","window_start")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "operator" text;--> statement-breakpoint
ALTER TABLE "audit_refusal_windows" ADD CONSTRAINT "audit_refusal_windows_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_refusal_windows_start_idx" ON "audit_refusal_windows" USING btree ("window_start");