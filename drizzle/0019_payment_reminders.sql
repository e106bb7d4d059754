CREATE TABLE "invoice_late_fees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_late_fees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"period" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"days" integer NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"recipient" text,
	"note" text,
	"outbox_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_reminder_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"steps" jsonb NOT NULL,
	"email_subject" text NOT NULL,
	"email_body" text NOT NULL,
	"sms_body" text NOT NULL,
	"quiet_hours_start" text,
	"quiet_hours_end" text,
	"late_fee_type" text DEFAULT 'none' NOT NULL,
	"late_fee_value" numeric(10, 2),
	"late_fee_recurrence" text DEFAULT 'once' NOT NULL,
	"late_fee_grace_days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_late_fees" ADD CONSTRAINT "invoice_late_fees_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_late_fees" ADD CONSTRAINT "invoice_late_fees_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminder_settings" ADD CONSTRAINT "payment_reminder_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_late_fees_once_key" ON "invoice_late_fees" USING btree ("organization_id","invoice_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_once_key" ON "invoice_reminders" USING btree ("organization_id","invoice_id","days","channel");--> statement-breakpoint
CREATE INDEX "invoice_reminders_status_due_idx" ON "invoice_reminders" USING btree ("status","due_at");