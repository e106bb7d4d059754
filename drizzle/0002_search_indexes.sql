-- Trigram indexes behind the lists' free-text search (ILIKE '%q%'), so a search stays fast with tens of
-- thousands of rows. The customers expression must match customerSearchText() in features/customers.
CREATE INDEX IF NOT EXISTS "customers_search_trgm" ON "customers" USING gin ((
  "name" || ' ' || coalesce("email", '') || ' ' || coalesce("company_name", '') || ' ' || coalesce("address", '') || ' ' ||
  coalesce("city", '') || ' ' || coalesce("state", '') || ' ' || coalesce("zip", '') || ' ' || coalesce("notes", '')
) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_name_trgm" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_phone_trgm" ON "customers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_orders_search_trgm" ON "work_orders" USING gin (("order_number" || ' ' || "title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "estimates_search_trgm" ON "estimates" USING gin (("estimate_number" || ' ' || coalesce("title", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_number_trgm" ON "invoices" USING gin ("invoice_number" gin_trgm_ops);
