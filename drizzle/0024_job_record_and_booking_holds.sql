CREATE TABLE "checklist_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checklist_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_templates_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_checklist_templates" (
	"organization_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	CONSTRAINT "service_checklist_templates_pkey" PRIMARY KEY("organization_id","service_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "work_order_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_order_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"storage" text DEFAULT 'database' NOT NULL,
	"storage_key" text,
	"data" "bytea",
	"thumbnail" "bytea",
	"caption" text,
	"shared" boolean DEFAULT false NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_attachments_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "work_order_attachments_storage_check" CHECK (("work_order_attachments"."storage" = 'database' and "work_order_attachments"."data" is not null) or ("work_order_attachments"."storage" = 's3' and "work_order_attachments"."storage_key" is not null))
);
--> statement-breakpoint
CREATE TABLE "work_order_checklists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_order_checklists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"template_id" integer,
	"name" text NOT NULL,
	"items" jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_checklists_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "appointment_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "appointment_id" integer;--> statement-breakpoint
ALTER TABLE "setup_attempts" ADD COLUMN "appointment_id" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedule_settings" ADD COLUMN "booking_hold" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_settings" ADD COLUMN "booking_deposit_percent" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_templates" ADD CONSTRAINT "checklist_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_checklist_templates" ADD CONSTRAINT "service_checklist_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_checklist_templates" ADD CONSTRAINT "service_checklist_templates_service_fk" FOREIGN KEY ("organization_id","service_id") REFERENCES "public"."services"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_checklist_templates" ADD CONSTRAINT "service_checklist_templates_template_fk" FOREIGN KEY ("organization_id","template_id") REFERENCES "public"."checklist_templates"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_attachments" ADD CONSTRAINT "work_order_attachments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_attachments" ADD CONSTRAINT "work_order_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_attachments" ADD CONSTRAINT "work_order_attachments_work_order_fk" FOREIGN KEY ("organization_id","work_order_id") REFERENCES "public"."work_orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_checklists" ADD CONSTRAINT "work_order_checklists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_checklists" ADD CONSTRAINT "work_order_checklists_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_checklists" ADD CONSTRAINT "work_order_checklists_work_order_fk" FOREIGN KEY ("organization_id","work_order_id") REFERENCES "public"."work_orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_checklists" ADD CONSTRAINT "work_order_checklists_template_fk" FOREIGN KEY ("organization_id","template_id") REFERENCES "public"."checklist_templates"("organization_id","id") ON DELETE set null ("template_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_templates_org_name_idx" ON "checklist_templates" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "work_order_attachments_parent_idx" ON "work_order_attachments" USING btree ("organization_id","work_order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_checklists_template_key" ON "work_order_checklists" USING btree ("organization_id","work_order_id","template_id");--> statement-breakpoint
CREATE INDEX "work_order_checklists_parent_idx" ON "work_order_checklists" USING btree ("organization_id","work_order_id");--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_appointment_fk" FOREIGN KEY ("organization_id","appointment_id") REFERENCES "public"."appointments"("organization_id","id") ON DELETE set null ("appointment_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_appointment_fk" FOREIGN KEY ("organization_id","appointment_id") REFERENCES "public"."appointments"("organization_id","id") ON DELETE set null ("appointment_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setup_attempts" ADD CONSTRAINT "setup_attempts_appointment_fk" FOREIGN KEY ("organization_id","appointment_id") REFERENCES "public"."appointments"("organization_id","id") ON DELETE set null ("appointment_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_org_appointment_idx" ON "payments" USING btree ("organization_id","appointment_id");--> statement-breakpoint
CREATE INDEX "appointments_hold_expires_idx" ON "appointments" USING btree ("hold_expires_at") WHERE "appointments"."hold_expires_at" is not null;--> statement-breakpoint
CREATE INDEX "appointments_org_work_order_idx" ON "appointments" USING btree ("organization_id","work_order_id");--> statement-breakpoint
ALTER TABLE "schedule_settings" ADD CONSTRAINT "schedule_settings_booking_hold_check" CHECK ("schedule_settings"."booking_hold" in ('none', 'deposit', 'card') and "schedule_settings"."booking_deposit_percent" between 1 and 100);