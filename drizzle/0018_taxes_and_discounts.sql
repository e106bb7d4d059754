CREATE TABLE "tax_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"percent" numeric(7, 4) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "tax_rounding" text DEFAULT 'per_document' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_line_items" ADD COLUMN "discount_type" text;--> statement-breakpoint
ALTER TABLE "estimate_line_items" ADD COLUMN "discount_value" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "estimate_line_items" ADD COLUMN "discount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_line_items" ADD COLUMN "tax_rates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "discount_type" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "discount_value" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "discount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "taxes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "tax_rounding" text DEFAULT 'per_document' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "discount_type" text;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "discount_value" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "discount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "tax_rates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount_type" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount_value" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "taxes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_rounding" text DEFAULT 'per_document' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_note_line_items" ADD COLUMN "discount_type" text;--> statement-breakpoint
ALTER TABLE "credit_note_line_items" ADD COLUMN "discount_value" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "credit_note_line_items" ADD COLUMN "discount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_note_line_items" ADD COLUMN "tax_rates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "discount_type" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "discount_value" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "discount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "taxes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "tax_rounding" text DEFAULT 'per_document' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_rates_org_idx" ON "tax_rates" USING btree ("organization_id","archived","name");