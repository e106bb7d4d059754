ALTER TABLE "estimates" ADD COLUMN "deposit_type" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "deposit_value" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "deposit_applied" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "estimate_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "estimate_id" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_estimate_fk" FOREIGN KEY ("organization_id","estimate_id") REFERENCES "public"."estimates"("organization_id","id") ON DELETE set null ("estimate_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_estimate_fk" FOREIGN KEY ("organization_id","estimate_id") REFERENCES "public"."estimates"("organization_id","id") ON DELETE set null ("estimate_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_org_estimate_idx" ON "payments" USING btree ("organization_id","estimate_id");