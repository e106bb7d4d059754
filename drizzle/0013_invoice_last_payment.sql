DROP INDEX "invoices_org_customer_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "last_payment_at" timestamp with time zone;--> statement-breakpoint
-- Every invoice's latest completed payment, as the payments stand before the triggers take over.
UPDATE "invoices" AS i SET "last_payment_at" = p.latest
FROM (
  SELECT "organization_id", "invoice_id", max("received_date") AS latest FROM "payments"
  WHERE "status" = 'completed' AND "invoice_id" IS NOT NULL
  GROUP BY "organization_id", "invoice_id"
) AS p
WHERE i."organization_id" = p."organization_id" AND i."id" = p."invoice_id";--> statement-breakpoint
CREATE INDEX "invoices_org_unpaid_last_payment_idx" ON "invoices" USING btree ("organization_id","last_payment_at","created_at") WHERE "invoices"."status" in ('sent', 'overdue');--> statement-breakpoint
CREATE INDEX "inventory_items_org_low_stock_idx" ON "inventory_items" USING btree ("organization_id","quantity","name","id") WHERE "inventory_items"."quantity" <= "inventory_items"."minimum_stock";--> statement-breakpoint
CREATE INDEX "invoices_org_customer_idx" ON "invoices" USING btree ("organization_id","customer_id","created_at");--> statement-breakpoint
-- 0010's function, now also moving last_payment_at forward to the latest completed payment a statement wrote (never
-- back: a deleted or moved payment leaves it where it was, still no earlier than any payment the invoice holds).
CREATE OR REPLACE FUNCTION "invoices_follow_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "invoices" AS i SET "amount_paid" = i."amount_paid" + d.delta, "last_payment_at" = greatest(i."last_payment_at", d.latest)
    FROM (SELECT "organization_id", "invoice_id", sum("amount") AS delta, max("received_date") AS latest FROM new_rows
          WHERE "status" = 'completed' AND "invoice_id" IS NOT NULL GROUP BY 1, 2) AS d
    WHERE i."organization_id" = d."organization_id" AND i."id" = d."invoice_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "invoices" AS i SET "amount_paid" = i."amount_paid" - d.delta
    FROM (SELECT "organization_id", "invoice_id", sum("amount") AS delta FROM old_rows
          WHERE "status" = 'completed' AND "invoice_id" IS NOT NULL GROUP BY 1, 2) AS d
    WHERE i."organization_id" = d."organization_id" AND i."id" = d."invoice_id" AND d.delta <> 0;
  ELSE
    UPDATE "invoices" AS i SET "amount_paid" = i."amount_paid" + d.delta, "last_payment_at" = greatest(i."last_payment_at", d.latest)
    FROM (SELECT "organization_id", "invoice_id", sum(delta) AS delta, max(latest) AS latest FROM (
            SELECT "organization_id", "invoice_id", "amount" AS delta, "received_date" AS latest FROM new_rows
            WHERE "status" = 'completed' AND "invoice_id" IS NOT NULL
            UNION ALL
            SELECT "organization_id", "invoice_id", -"amount", NULL FROM old_rows WHERE "status" = 'completed' AND "invoice_id" IS NOT NULL
          ) AS changes GROUP BY 1, 2) AS d
    WHERE i."organization_id" = d."organization_id" AND i."id" = d."invoice_id"
      AND (d.delta <> 0 OR d.latest > coalesce(i."last_payment_at", '-infinity'::timestamptz));
  END IF;
  RETURN NULL;
END $$;
