CREATE TABLE "portal_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setup_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "setup_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"intent_id" text NOT NULL,
	"client_secret_hash" text NOT NULL,
	"processor" text NOT NULL,
	"status" text DEFAULT 'requires_confirmation' NOT NULL,
	"saved_method_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "payment_attempts_org_intent_idx";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "client_secret_hash" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "payment_link_id" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal_tokens" ADD CONSTRAINT "portal_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_tokens" ADD CONSTRAINT "portal_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setup_attempts" ADD CONSTRAINT "setup_attempts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setup_attempts" ADD CONSTRAINT "setup_attempts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setup_attempts" ADD CONSTRAINT "setup_attempts_saved_method_id_saved_payment_methods_id_fk" FOREIGN KEY ("saved_method_id") REFERENCES "public"."saved_payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_tokens_hash_key" ON "portal_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_tokens_org_customer_idx" ON "portal_tokens" USING btree ("organization_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "setup_attempts_intent_key" ON "setup_attempts" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "setup_attempts_org_customer_idx" ON "setup_attempts" USING btree ("organization_id","customer_id");--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_link_id_payment_links_id_fk" FOREIGN KEY ("payment_link_id") REFERENCES "public"."payment_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_intent_key" ON "payment_attempts" USING btree ("intent_id");