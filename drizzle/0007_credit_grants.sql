CREATE TABLE "credit_grants" (
	"phone_hash" text PRIMARY KEY NOT NULL,
	"limit_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
