-- The lists' default orders, so a page is read from an index instead of sorting the organization's rows:
-- customers by lower(name), name, id (list-customers.ts byName, global search); invoices and work
-- orders newest first by created_at desc, id desc.
CREATE INDEX IF NOT EXISTS "customers_org_lower_name_idx" ON "customers" ("organization_id", lower("name"), "name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_org_created_id_idx" ON "invoices" ("organization_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_orders_org_created_id_idx" ON "work_orders" ("organization_id", "created_at" DESC, "id" DESC);
