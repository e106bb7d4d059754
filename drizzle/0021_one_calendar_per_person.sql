CREATE TABLE "appointment_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointment_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"appointment_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_assignees" (
	"organization_id" integer NOT NULL,
	"appointment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"starts_at" timestamp NOT NULL,
	"ends_at" timestamp NOT NULL,
	"active" boolean NOT NULL,
	CONSTRAINT "appointment_assignees_pkey" PRIMARY KEY("organization_id","appointment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "service_performers" (
	"organization_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "service_performers_pkey" PRIMARY KEY("organization_id","service_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "staff_profiles" (
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"hours" jsonb,
	"bookable" boolean DEFAULT true NOT NULL,
	"calendar_token_hash" text,
	"calendar_token_created_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_profiles_pkey" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "staff_time_off" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_time_off_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"starts_at" timestamp NOT NULL,
	"ends_at" timestamp NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_time_off_range_check" CHECK ("staff_time_off"."ends_at" > "staff_time_off"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "work_order_assignees" (
	"organization_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "work_order_assignees_pkey" PRIMARY KEY("organization_id","work_order_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "buffer_before" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "buffer_after" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_settings" ADD COLUMN "allow_staff_choice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "buffer_before" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "buffer_after" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_links" ADD CONSTRAINT "appointment_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_links" ADD CONSTRAINT "appointment_links_appointment_fk" FOREIGN KEY ("organization_id","appointment_id") REFERENCES "public"."appointments"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_assignees" ADD CONSTRAINT "appointment_assignees_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_assignees" ADD CONSTRAINT "appointment_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_assignees" ADD CONSTRAINT "appointment_assignees_appointment_fk" FOREIGN KEY ("organization_id","appointment_id") REFERENCES "public"."appointments"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_performers" ADD CONSTRAINT "service_performers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_performers" ADD CONSTRAINT "service_performers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_performers" ADD CONSTRAINT "service_performers_service_fk" FOREIGN KEY ("organization_id","service_id") REFERENCES "public"."services"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_time_off" ADD CONSTRAINT "staff_time_off_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_time_off" ADD CONSTRAINT "staff_time_off_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_assignees" ADD CONSTRAINT "work_order_assignees_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_assignees" ADD CONSTRAINT "work_order_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_assignees" ADD CONSTRAINT "work_order_assignees_work_order_fk" FOREIGN KEY ("organization_id","work_order_id") REFERENCES "public"."work_orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_links_token_key" ON "appointment_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "appointment_links_appointment_idx" ON "appointment_links" USING btree ("organization_id","appointment_id");--> statement-breakpoint
CREATE INDEX "appointment_assignees_user_idx" ON "appointment_assignees" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_profiles_calendar_token_key" ON "staff_profiles" USING btree ("calendar_token_hash");--> statement-breakpoint
CREATE INDEX "staff_time_off_org_user_idx" ON "staff_time_off" USING btree ("organization_id","user_id","starts_at");--> statement-breakpoint
CREATE INDEX "work_order_assignees_user_idx" ON "work_order_assignees" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_buffers_check" CHECK ("services"."buffer_before" between 0 and 240 and "services"."buffer_after" between 0 and 240);--> statement-breakpoint
-- One calendar per person (docs/decisions/031-one-calendar-per-person.md): an assignee row holds its person's time for
-- the appointment with its buffers, [start - before, start + duration + after), while the appointment is not
-- cancelled. The row's copy of that time is kept by these triggers whichever path writes the appointment.
CREATE OR REPLACE FUNCTION "appointment_assignees_hold"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE a record;
BEGIN
  SELECT "appointment_date", "duration", "buffer_before", "buffer_after", "status" INTO a
    FROM "appointments" WHERE "organization_id" = NEW."organization_id" AND "id" = NEW."appointment_id";
  NEW."starts_at" := a."appointment_date" - a."buffer_before" * interval '1 minute';
  NEW."ends_at" := a."appointment_date" + (a."duration" + a."buffer_after") * interval '1 minute';
  NEW."active" := a."status" IS DISTINCT FROM 'cancelled';
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "appointment_assignees_hold" BEFORE INSERT OR UPDATE ON "appointment_assignees" FOR EACH ROW EXECUTE FUNCTION "appointment_assignees_hold"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "appointments_move_assignees"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The assignees' BEFORE trigger reads the appointment as just written.
  UPDATE "appointment_assignees" SET "active" = "active" WHERE "organization_id" = NEW."organization_id" AND "appointment_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "appointments_move_assignees" AFTER UPDATE OF "appointment_date", "duration", "buffer_before", "buffer_after", "status" ON "appointments"
  FOR EACH ROW
  WHEN (OLD."appointment_date" IS DISTINCT FROM NEW."appointment_date" OR OLD."duration" IS DISTINCT FROM NEW."duration"
    OR OLD."buffer_before" IS DISTINCT FROM NEW."buffer_before" OR OLD."buffer_after" IS DISTINCT FROM NEW."buffer_after"
    OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "appointments_move_assignees"();--> statement-breakpoint
-- Appointments booked before teams held the organization's one calendar: they go to its first administrator, whose
-- calendar they then are, so nothing booked before can be double-booked after.
INSERT INTO "appointment_assignees" ("organization_id", "appointment_id", "user_id", "starts_at", "ends_at", "active")
SELECT a."organization_id", a."id", o."id", a."appointment_date", a."appointment_date", false
FROM "appointments" a
JOIN LATERAL (
  SELECT u."id" FROM "users" u WHERE u."organization_id" = a."organization_id" AND u."role" = 'org_admin' ORDER BY u."is_active" DESC, u."id" LIMIT 1
) o ON true;--> statement-breakpoint
ALTER TABLE "appointment_assignees" ADD CONSTRAINT "appointment_assignees_no_overlap"
  EXCLUDE USING gist (
    "organization_id" WITH =,
    "user_id" WITH =,
    tsrange("starts_at", "ends_at") WITH &&
  ) WHERE ("active");--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";
