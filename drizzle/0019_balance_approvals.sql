CREATE TABLE "balance_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"requested_by" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_approvals_amount_not_zero" CHECK ("balance_approvals"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "balance_approvals" ADD CONSTRAINT "balance_approvals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_approvals" ADD CONSTRAINT "balance_approvals_requested_by_staff_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_approvals" ADD CONSTRAINT "balance_approvals_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_approvals_idempotency_key" ON "balance_approvals" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "balance_approvals_pending_idx" ON "balance_approvals" USING btree ("customer_id","created_at") WHERE "balance_approvals"."status" = 'pending';