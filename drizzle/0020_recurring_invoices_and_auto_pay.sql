CREATE TABLE "recurring_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurring_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"work_order_id" integer,
	"title" text NOT NULL,
	"notes" text,
	"line_items" jsonb NOT NULL,
	"discount_type" text,
	"discount_value" numeric(10, 2),
	"frequency" text NOT NULL,
	"interval" integer DEFAULT 1 NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text,
	"max_count" integer,
	"due_days" integer DEFAULT 30 NOT NULL,
	"send_email" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"generated_count" integer DEFAULT 0 NOT NULL,
	"next_date" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_invoices_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "recurring_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "recurring_date" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "auto_pay_state" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "auto_pay_note" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "auto_pay_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_work_order_fk" FOREIGN KEY ("organization_id","work_order_id") REFERENCES "public"."work_orders"("organization_id","id") ON DELETE set null ("work_order_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_invoices_org_customer_idx" ON "recurring_invoices" USING btree ("organization_id","customer_id");--> statement-breakpoint
CREATE INDEX "recurring_invoices_due_idx" ON "recurring_invoices" USING btree ("status","next_date");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_recurring_fk" FOREIGN KEY ("organization_id","recurring_invoice_id") REFERENCES "public"."recurring_invoices"("organization_id","id") ON DELETE set null ("recurring_invoice_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_recurring_period_key" ON "invoices" USING btree ("organization_id","recurring_invoice_id","recurring_date");--> statement-breakpoint
CREATE INDEX "invoices_auto_pay_due_idx" ON "invoices" USING btree ("auto_pay_state") WHERE "invoices"."auto_pay_state" in ('due', 'charging');--> statement-breakpoint
-- Auto-pay (docs/rules/money-and-payments.md#auto-pay): an invoice issued (inserted as sent, or a draft turned sent) to
-- a customer who pays automatically is marked due for the job to charge, whichever path issued it.
CREATE OR REPLACE FUNCTION "invoices_auto_pay_due"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'sent' AND NEW."auto_pay_state" IS NULL
     AND (TG_OP = 'INSERT' OR OLD."status" = 'draft')
     AND EXISTS (SELECT 1 FROM "customers" c WHERE c."organization_id" = NEW."organization_id" AND c."id" = NEW."customer_id" AND c."auto_pay_enabled") THEN
    NEW."auto_pay_state" := 'due';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_auto_pay_due" BEFORE INSERT OR UPDATE OF "status" ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_auto_pay_due"();
