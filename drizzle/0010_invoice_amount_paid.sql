ALTER TABLE "invoices" ADD COLUMN "amount_paid" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Every invoice's completed payments, as they stand before the triggers take over.
UPDATE "invoices" AS i SET "amount_paid" = p.paid
FROM (
  SELECT "organization_id", "invoice_id", sum("amount") AS paid FROM "payments"
  WHERE "status" = 'completed' AND "invoice_id" IS NOT NULL
  GROUP BY "organization_id", "invoice_id"
) AS p
WHERE i."organization_id" = p."organization_id" AND i."id" = p."invoice_id";--> statement-breakpoint
CREATE INDEX "work_orders_org_active_created_idx" ON "work_orders" USING btree ("organization_id","created_at","id") WHERE "work_orders"."status" in ('scheduled', 'in_progress');--> statement-breakpoint
CREATE INDEX "work_orders_org_ended_idx" ON "work_orders" USING btree ("organization_id",coalesce("completed_date", "updated_at"),"created_at") WHERE "work_orders"."status" in ('completed', 'cancelled');--> statement-breakpoint
CREATE INDEX "invoices_org_owed_due_idx" ON "invoices" USING btree ("organization_id","due_date","id","status","total","amount_paid","created_at") WHERE "invoices"."status" in ('sent', 'overdue');--> statement-breakpoint
CREATE INDEX "invoices_org_paid_at_idx" ON "invoices" USING btree ("organization_id",coalesce("paid_date", "updated_at"),"created_at","total","amount_paid") WHERE "invoices"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "payments_org_completed_received_idx" ON "payments" USING btree ("organization_id","received_date","invoice_id","amount") WHERE "payments"."status" = 'completed';--> statement-breakpoint
-- Payments change an invoice's amount_paid by their difference, in their own transaction: added, never recomputed,
-- so two payments of one invoice committed at once both count (the second UPDATE waits for the first's row lock and
-- then adds to the value that one left). One statement-level trigger per kind of change, over its transition tables.
CREATE OR REPLACE FUNCTION "invoices_follow_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "invoices" AS i SET "amount_paid" = i."amount_paid" + d.delta
    FROM (SELECT "organization_id", "invoice_id", sum("amount") AS delta FROM new_rows
          WHERE "status" = 'completed' AND "invoice_id" IS NOT NULL GROUP BY 1, 2) AS d
    WHERE i."organization_id" = d."organization_id" AND i."id" = d."invoice_id" AND d.delta <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "invoices" AS i SET "amount_paid" = i."amount_paid" - d.delta
    FROM (SELECT "organization_id", "invoice_id", sum("amount") AS delta FROM old_rows
          WHERE "status" = 'completed' AND "invoice_id" IS NOT NULL GROUP BY 1, 2) AS d
    WHERE i."organization_id" = d."organization_id" AND i."id" = d."invoice_id" AND d.delta <> 0;
  ELSE
    UPDATE "invoices" AS i SET "amount_paid" = i."amount_paid" + d.delta
    FROM (SELECT "organization_id", "invoice_id", sum(delta) AS delta FROM (
            SELECT "organization_id", "invoice_id", "amount" AS delta FROM new_rows WHERE "status" = 'completed' AND "invoice_id" IS NOT NULL
            UNION ALL
            SELECT "organization_id", "invoice_id", -"amount" FROM old_rows WHERE "status" = 'completed' AND "invoice_id" IS NOT NULL
          ) AS changes GROUP BY 1, 2) AS d
    WHERE i."organization_id" = d."organization_id" AND i."id" = d."invoice_id" AND d.delta <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_paid_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "invoices_follow_payments"();--> statement-breakpoint
CREATE TRIGGER "payments_paid_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "invoices_follow_payments"();--> statement-breakpoint
CREATE TRIGGER "payments_paid_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "invoices_follow_payments"();
