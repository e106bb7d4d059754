-- Tenant tables reference each other over (organization_id, x_id) -> parent (organization_id, id), so the database
-- refuses a reference across organizations and the schema distributes by tenant (docs/decisions/020-composite-tenant-keys.md).
-- Nothing is rewritten: existing rows keep their values. A row that already points into another organization stops the
-- migration here, naming the reference, rather than being nulled or dropped in silence.
DO $$
DECLARE
  r record;
  n bigint;
  found text := '';
BEGIN
  FOR r IN SELECT * FROM (VALUES
    ('work_order_line_items', 'work_order_id', 'work_orders'),
    ('work_orders', 'customer_id', 'customers'),
    ('estimate_line_items', 'estimate_id', 'estimates'),
    ('estimates', 'customer_id', 'customers'),
    ('invoice_line_items', 'invoice_id', 'invoices'),
    ('invoices', 'customer_id', 'customers'),
    ('invoices', 'work_order_id', 'work_orders'),
    ('invoices', 'estimate_id', 'estimates'),
    ('payment_attempts', 'invoice_id', 'invoices'),
    ('payment_attempts', 'customer_id', 'customers'),
    ('payment_attempts', 'payment_link_id', 'payment_links'),
    ('payment_attempts', 'payment_id', 'payments'),
    ('payment_installments', 'payment_plan_id', 'payment_plans'),
    ('payment_installments', 'payment_id', 'payments'),
    ('payment_links', 'invoice_id', 'invoices'),
    ('payment_plans', 'invoice_id', 'invoices'),
    ('payment_reminders', 'invoice_id', 'invoices'),
    ('payment_reminders', 'template_id', 'message_templates'),
    ('payments', 'invoice_id', 'invoices'),
    ('payments', 'customer_id', 'customers'),
    ('portal_tokens', 'customer_id', 'customers'),
    ('saved_payment_methods', 'customer_id', 'customers'),
    ('setup_attempts', 'customer_id', 'customers'),
    ('setup_attempts', 'saved_method_id', 'saved_payment_methods'),
    ('vendor_payments', 'vendor_id', 'vendors'),
    ('message_deliveries', 'message_id', 'messages'),
    ('message_deliveries', 'outbox_id', 'outbox'),
    ('appointment_reminders', 'appointment_id', 'appointments'),
    ('appointments', 'service_id', 'services'),
    ('appointments', 'customer_id', 'customers'),
    ('appointments', 'work_order_id', 'work_orders'),
    ('time_entries', 'work_order_id', 'work_orders')
  ) AS v(child, col, parent) LOOP
    EXECUTE format(
      'SELECT count(*) FROM %I c JOIN %I p ON p.id = c.%I WHERE p.organization_id IS DISTINCT FROM c.organization_id',
      r.child, r.parent, r.col) INTO n;
    IF n > 0 THEN
      found := found || format(' %s.%s -> %s: %s rows;', r.child, r.col, r.parent, n);
    END IF;
  END LOOP;
  IF found <> '' THEN
    RAISE EXCEPTION 'references across organizations, fix them before migrating:%', found;
  END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "work_order_line_items" DROP CONSTRAINT "work_order_line_items_work_order_id_work_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "work_orders" DROP CONSTRAINT "work_orders_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "estimate_line_items" DROP CONSTRAINT "estimate_line_items_estimate_id_estimates_id_fk";
--> statement-breakpoint
ALTER TABLE "estimates" DROP CONSTRAINT "estimates_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_line_items" DROP CONSTRAINT "invoice_line_items_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_work_order_id_work_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_estimate_id_estimates_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_payment_link_id_payment_links_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_installments" DROP CONSTRAINT "payment_installments_payment_plan_id_payment_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_installments" DROP CONSTRAINT "payment_installments_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_links" DROP CONSTRAINT "payment_links_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_plans" DROP CONSTRAINT "payment_plans_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_reminders" DROP CONSTRAINT "payment_reminders_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_reminders" DROP CONSTRAINT "payment_reminders_template_id_message_templates_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "portal_tokens" DROP CONSTRAINT "portal_tokens_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "saved_payment_methods" DROP CONSTRAINT "saved_payment_methods_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "setup_attempts" DROP CONSTRAINT "setup_attempts_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "setup_attempts" DROP CONSTRAINT "setup_attempts_saved_method_id_saved_payment_methods_id_fk";
--> statement-breakpoint
ALTER TABLE "vendor_payments" DROP CONSTRAINT "vendor_payments_vendor_id_vendors_id_fk";
--> statement-breakpoint
ALTER TABLE "message_deliveries" DROP CONSTRAINT "message_deliveries_message_id_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "message_deliveries" DROP CONSTRAINT "message_deliveries_outbox_id_outbox_id_fk";
--> statement-breakpoint
ALTER TABLE "appointment_reminders" DROP CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_service_id_services_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_work_order_id_work_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "time_entries" DROP CONSTRAINT "time_entries_work_order_id_work_orders_id_fk";
--> statement-breakpoint
-- The parents' (organization_id, id) keys come before the references that use them.
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "work_order_line_items" ADD CONSTRAINT "work_order_line_items_work_order_fk" FOREIGN KEY ("organization_id","work_order_id") REFERENCES "public"."work_orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "estimate_line_items" ADD CONSTRAINT "estimate_line_items_estimate_fk" FOREIGN KEY ("organization_id","estimate_id") REFERENCES "public"."estimates"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_work_order_fk" FOREIGN KEY ("organization_id","work_order_id") REFERENCES "public"."work_orders"("organization_id","id") ON DELETE set null ("work_order_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_estimate_fk" FOREIGN KEY ("organization_id","estimate_id") REFERENCES "public"."estimates"("organization_id","id") ON DELETE set null ("estimate_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE set null ("invoice_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE set null ("customer_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_link_fk" FOREIGN KEY ("organization_id","payment_link_id") REFERENCES "public"."payment_links"("organization_id","id") ON DELETE set null ("payment_link_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."payments"("organization_id","id") ON DELETE set null ("payment_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_installments" ADD CONSTRAINT "payment_installments_payment_plan_fk" FOREIGN KEY ("organization_id","payment_plan_id") REFERENCES "public"."payment_plans"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_installments" ADD CONSTRAINT "payment_installments_payment_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."payments"("organization_id","id") ON DELETE set null ("payment_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_template_fk" FOREIGN KEY ("organization_id","template_id") REFERENCES "public"."message_templates"("organization_id","id") ON DELETE set null ("template_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoices"("organization_id","id") ON DELETE set null ("invoice_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE set null ("customer_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_tokens" ADD CONSTRAINT "portal_tokens_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "setup_attempts" ADD CONSTRAINT "setup_attempts_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "setup_attempts" ADD CONSTRAINT "setup_attempts_saved_method_fk" FOREIGN KEY ("organization_id","saved_method_id") REFERENCES "public"."saved_payment_methods"("organization_id","id") ON DELETE set null ("saved_method_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vendor_payments" ADD CONSTRAINT "vendor_payments_vendor_fk" FOREIGN KEY ("organization_id","vendor_id") REFERENCES "public"."vendors"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_message_fk" FOREIGN KEY ("organization_id","message_id") REFERENCES "public"."messages"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_outbox_fk" FOREIGN KEY ("organization_id","outbox_id") REFERENCES "public"."outbox"("organization_id","id") ON DELETE set null ("outbox_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_fk" FOREIGN KEY ("organization_id","appointment_id") REFERENCES "public"."appointments"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_fk" FOREIGN KEY ("organization_id","service_id") REFERENCES "public"."services"("organization_id","id") ON DELETE set null ("service_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE set null ("customer_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_work_order_fk" FOREIGN KEY ("organization_id","work_order_id") REFERENCES "public"."work_orders"("organization_id","id") ON DELETE set null ("work_order_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_work_order_fk" FOREIGN KEY ("organization_id","work_order_id") REFERENCES "public"."work_orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;
