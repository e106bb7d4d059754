CREATE TABLE "appointment_series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointment_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"rule" text NOT NULL,
	"starts_at" timestamp NOT NULL,
	"service_id" integer,
	"customer_id" integer,
	"customer_name" text,
	"customer_email" text NOT NULL,
	"customer_phone" text,
	"duration" integer NOT NULL,
	"buffer_before" integer DEFAULT 0 NOT NULL,
	"buffer_after" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"work_order_id" integer,
	"assignee_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"generated_through" timestamp NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_series_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "on_my_way_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "expected_arrival_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "occurrence_start" timestamp;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_service_fk" FOREIGN KEY ("organization_id","service_id") REFERENCES "public"."services"("organization_id","id") ON DELETE set null ("service_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE set null ("customer_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_work_order_fk" FOREIGN KEY ("organization_id","work_order_id") REFERENCES "public"."work_orders"("organization_id","id") ON DELETE set null ("work_order_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_series_active_idx" ON "appointment_series" USING btree ("is_active","generated_through");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_series_fk" FOREIGN KEY ("organization_id","series_id") REFERENCES "public"."appointment_series"("organization_id","id") ON DELETE set null ("series_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_series_occurrence_key" ON "appointments" USING btree ("organization_id","series_id","occurrence_start");