CREATE TABLE "credit_note_line_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_note_line_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"credit_note_id" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(10, 2) DEFAULT '1' NOT NULL,
	"rate" numeric(10, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(10, 2) DEFAULT '0' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"credit_note_number" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"reason" text NOT NULL,
	"subtotal" numeric(10, 2) NOT NULL,
	"tax" numeric(10, 2) DEFAULT '0' NOT NULL,
	"total" numeric(10, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
DROP INDEX "invoices_org_owed_due_idx";--> statement-breakpoint
DROP INDEX "invoices_org_unpaid_created_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_credited" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "credit_note_line_items" ADD CONSTRAINT "credit_note_line_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_line_items" ADD CONSTRAINT "credit_note_line_items_note_fk" FOREIGN KEY ("organization_id","credit_note_id") REFERENCES "public"."credit_notes"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_note_line_items_parent_idx" ON "credit_note_line_items" USING btree ("organization_id","credit_note_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_org_number_key" ON "credit_notes" USING btree ("organization_id","credit_note_number");--> statement-breakpoint
CREATE INDEX "credit_notes_org_invoice_idx" ON "credit_notes" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_org_created_idx" ON "credit_notes" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_org_owed_due_idx" ON "invoices" USING btree ("organization_id","due_date","id","status","total","amount_paid","amount_credited","created_at") WHERE "invoices"."status" in ('sent', 'overdue');--> statement-breakpoint
CREATE INDEX "invoices_org_unpaid_created_idx" ON "invoices" USING btree ("organization_id","created_at","total","amount_paid","amount_credited") WHERE "invoices"."status" in ('sent', 'overdue');--> statement-breakpoint
-- 0012's function with credit notes: owed is now total less amount_paid less amount_credited (documents/balance-due.ts
-- isOwedSql). Every invoice has amount_credited 0 here, so the kept figures stand as they are.
CREATE OR REPLACE FUNCTION "organization_figures_follow_invoices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "organization_figures" ("organization_id", "owed_invoices", "owed_balance")
    SELECT i."organization_id", count(*), sum(i."total" - i."amount_paid" - i."amount_credited") FROM new_rows AS i
    WHERE i."status" IN ('sent', 'overdue') AND i."total" > i."amount_paid" + i."amount_credited"
      AND EXISTS (SELECT 1 FROM "organizations" AS o WHERE o."id" = i."organization_id")
    GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "organization_figures" ("organization_id", "owed_invoices", "owed_balance")
    SELECT i."organization_id", -count(*), -sum(i."total" - i."amount_paid" - i."amount_credited") FROM old_rows AS i
    WHERE i."status" IN ('sent', 'overdue') AND i."total" > i."amount_paid" + i."amount_credited"
      AND EXISTS (SELECT 1 FROM "organizations" AS o WHERE o."id" = i."organization_id")
    GROUP BY 1;
  ELSE
    INSERT INTO "organization_figures" ("organization_id", "owed_invoices", "owed_balance")
    SELECT d."organization_id", sum(d.n), sum(d.b) FROM (
      SELECT "organization_id", 1 AS n, "total" - "amount_paid" - "amount_credited" AS b FROM new_rows
      WHERE "status" IN ('sent', 'overdue') AND "total" > "amount_paid" + "amount_credited"
      UNION ALL
      SELECT "organization_id", -1, -("total" - "amount_paid" - "amount_credited") FROM old_rows
      WHERE "status" IN ('sent', 'overdue') AND "total" > "amount_paid" + "amount_credited"
    ) AS d
    WHERE EXISTS (SELECT 1 FROM "organizations" AS o WHERE o."id" = d."organization_id")
    GROUP BY 1 HAVING sum(d.n) <> 0 OR sum(d.b) <> 0;
  END IF;
  RETURN NULL;
END $$;
