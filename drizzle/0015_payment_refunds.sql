ALTER TABLE "payments" ADD COLUMN "refund_of_payment_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_refunded" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_of_fk" FOREIGN KEY ("organization_id","refund_of_payment_id") REFERENCES "public"."payments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_org_idempotency_key" ON "payments" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_org_refund_of_idx" ON "payments" USING btree ("organization_id","refund_of_payment_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_sign_check" CHECK (("payments"."refund_of_payment_id" is null) = ("payments"."amount" >= 0));