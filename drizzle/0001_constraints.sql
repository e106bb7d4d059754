-- Extensions and constraints drizzle-kit cannot express. The same file runs on PGlite and PostgreSQL.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Appointments of one organization never overlap over [start, start + duration) (DECISIONS.md, Scheduling).
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist (
    "organization_id" WITH =,
    tsrange("appointment_date", "appointment_date" + "duration" * interval '1 minute') WITH &&
  ) WHERE ("status" <> 'cancelled');
