DROP INDEX "work_orders_org_created_idx";--> statement-breakpoint
DROP INDEX "invoices_org_created_idx";--> statement-breakpoint
DROP INDEX "invoices_org_paid_at_idx";--> statement-breakpoint
CREATE INDEX "work_orders_org_created_idx" ON "work_orders" USING btree ("organization_id","created_at","status","total_cost");--> statement-breakpoint
CREATE INDEX "invoices_org_created_idx" ON "invoices" USING btree ("organization_id","created_at","status","due_date","total");--> statement-breakpoint
CREATE INDEX "invoices_org_paid_at_idx" ON "invoices" USING btree ("organization_id",coalesce("paid_date", "updated_at"),"created_at","total","amount_paid","customer_id") WHERE "invoices"."status" = 'paid';