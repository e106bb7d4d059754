CREATE TABLE "organization_figures" (
	"organization_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "organization_figures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customers" integer DEFAULT 0 NOT NULL,
	"active_work_orders" integer DEFAULT 0 NOT NULL,
	"owed_invoices" integer DEFAULT 0 NOT NULL,
	"owed_balance" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "organization_figures_pkey" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "organization_figures" ADD CONSTRAINT "organization_figures_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_org_unpaid_created_idx" ON "invoices" USING btree ("organization_id","created_at","total","amount_paid") WHERE "invoices"."status" in ('sent', 'overdue');--> statement-breakpoint
-- What each row of a table adds to its organization's figures. The triggers below insert the difference a statement
-- made (new rows' contributions less old rows'), one row per organization, and only where it is not zero. Inserting,
-- never updating, keeps writers of one organization from waiting on one another (docs/decisions/023-organization-figures.md).
-- An organization being deleted takes its figures with it (ON DELETE CASCADE), so its cascaded rows add nothing.
CREATE OR REPLACE FUNCTION "organization_figures_follow_customers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "organization_figures" ("organization_id", "customers")
    SELECT c."organization_id", count(*) FROM new_rows AS c
    WHERE EXISTS (SELECT 1 FROM "organizations" AS o WHERE o."id" = c."organization_id") GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "organization_figures" ("organization_id", "customers")
    SELECT c."organization_id", -count(*) FROM old_rows AS c
    WHERE EXISTS (SELECT 1 FROM "organizations" AS o WHERE o."id" = c."organization_id") GROUP BY 1;
  ELSE
    INSERT INTO "organization_figures" ("organization_id", "customers")
    SELECT d."organization_id", sum(d.n) FROM (
      SELECT "organization_id", 1 AS n FROM new_rows UNION ALL SELECT "organization_id", -1 FROM old_rows
    ) AS d
    WHERE EXISTS (SELECT 1 FROM "organizations" AS o WHERE o."id" = d."organization_id")
    GROUP BY 1 HAVING sum(d.n) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_figures_insert" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "organization_figures_follow_customers"();--> statement-breakpoint
CREATE TRIGGER "customers_figures_update" AFTER UPDATE ON "customers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "organization_figures_follow_customers"();--> statement-breakpoint
CREATE TRIGGER "customers_figures_delete" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "organization_figures_follow_customers"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "organization_figures_follow_work_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "organization_figures" ("organization_id", "active_work_orders")
    SELECT w."organization_id", count(*) FROM new_rows AS w
    WHERE w."status" IN ('scheduled', 'in_progress') AND EXISTS (SELECT 1 FROM "organizations" AS o WHERE o."id" = w."organization_id")
    GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "organization_figures" ("organization_id", "active_work_orders")
    SELECT w."organization_id", -count(*) FROM old_rows AS w
    WHERE w."status" IN ('scheduled', 'in_progress') AND EXISTS (SELECT 1 FROM "organizations" AS o WHERE o."id" = w."organization_id")
    GROUP BY 1;
  ELSE
    INSERT INTO "organization_figures" ("organization_id", "active_work_orders")
    SELECT d."organization_id", sum(d.n) FROM (
      SELECT "organization_id", 1 AS n FROM new_rows WHERE "status" IN ('scheduled', 'in_progress')
      UNION ALL
      SELECT "organization_id", -1 FROM old_rows WHERE "status" IN ('scheduled', 'in_progress')
    ) AS d
    WHERE EXISTS (SELECT 1 FROM "organizations" AS o WHERE o."id" = d."organization_id")
    GROUP BY 1 HAVING sum(d.n) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "work_orders_figures_insert" AFTER INSERT ON "work_orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "organization_figures_follow_work_orders"();--> statement-breakpoint
CREATE TRIGGER "work_orders_figures_update" AFTER UPDATE ON "work_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "organization_figures_follow_work_orders"();--> statement-breakpoint
CREATE TRIGGER "work_orders_figures_delete" AFTER DELETE ON "work_orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "organization_figures_follow_work_orders"();--> statement-breakpoint
-- Owed as documents/balance-due.ts isOwedSql defines it: sent or overdue, with total above amount_paid. amount_paid
-- changes through the payments triggers (0010), whose UPDATE of invoices fires these in turn.
CREATE OR REPLACE FUNCTION "organization_figures_follow_invoices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "organization_figures" ("organization_id", "owed_invoices", "owed_balance")
    SELECT i."organization_id", count(*), sum(i."total" - i."amount_paid") FROM new_rows AS i
    WHERE i."status" IN ('sent', 'overdue') AND i."total" > i."amount_paid"
      AND EXISTS (SELECT 1 FROM "organizations" AS o WHERE o."id" = i."organization_id")
    GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "organization_figures" ("organization_id", "owed_invoices", "owed_balance")
    SELECT i."organization_id", -count(*), -sum(i."total" - i."amount_paid") FROM old_rows AS i
    WHERE i."status" IN ('sent', 'overdue') AND i."total" > i."amount_paid"
      AND EXISTS (SELECT 1 FROM "organizations" AS o WHERE o."id" = i."organization_id")
    GROUP BY 1;
  ELSE
    INSERT INTO "organization_figures" ("organization_id", "owed_invoices", "owed_balance")
    SELECT d."organization_id", sum(d.n), sum(d.b) FROM (
      SELECT "organization_id", 1 AS n, "total" - "amount_paid" AS b FROM new_rows
      WHERE "status" IN ('sent', 'overdue') AND "total" > "amount_paid"
      UNION ALL
      SELECT "organization_id", -1, -("total" - "amount_paid") FROM old_rows
      WHERE "status" IN ('sent', 'overdue') AND "total" > "amount_paid"
    ) AS d
    WHERE EXISTS (SELECT 1 FROM "organizations" AS o WHERE o."id" = d."organization_id")
    GROUP BY 1 HAVING sum(d.n) <> 0 OR sum(d.b) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_figures_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "organization_figures_follow_invoices"();--> statement-breakpoint
CREATE TRIGGER "invoices_figures_update" AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "organization_figures_follow_invoices"();--> statement-breakpoint
CREATE TRIGGER "invoices_figures_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "organization_figures_follow_invoices"();--> statement-breakpoint
-- The figures as the data stands, one row per organization; the triggers add to them from here on.
INSERT INTO "organization_figures" ("organization_id", "customers", "active_work_orders", "owed_invoices", "owed_balance")
SELECT o."id",
  (SELECT count(*) FROM "customers" AS c WHERE c."organization_id" = o."id"),
  (SELECT count(*) FROM "work_orders" AS w WHERE w."organization_id" = o."id" AND w."status" IN ('scheduled', 'in_progress')),
  (SELECT count(*) FROM "invoices" AS i WHERE i."organization_id" = o."id" AND i."status" IN ('sent', 'overdue') AND i."total" > i."amount_paid"),
  (SELECT coalesce(sum(i."total" - i."amount_paid"), 0) FROM "invoices" AS i WHERE i."organization_id" = o."id" AND i."status" IN ('sent', 'overdue') AND i."total" > i."amount_paid")
FROM "organizations" AS o;
--> statement-breakpoint
-- Statistics of the "ended" and "paid" instants the dashboard ranges over: without them the planner guesses a third of
-- the rows match a month's range and scans every paid invoice instead of the month's stretch of invoices_org_paid_at_idx.
CREATE STATISTICS IF NOT EXISTS "invoices_paid_at_stats" ON (coalesce("paid_date", "updated_at")) FROM "invoices";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "work_orders_ended_at_stats" ON (coalesce("completed_date", "updated_at")) FROM "work_orders";--> statement-breakpoint
ANALYZE "invoices";--> statement-breakpoint
ANALYZE "work_orders";
