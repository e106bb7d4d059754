ALTER TABLE "appointments" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Calendar files already sent carried the seconds from creation to the last change as SEQUENCE; the counter starts
-- there, so the next change is still newer than anything a customer's calendar holds.
UPDATE "appointments" SET "calendar_sequence" = LEAST(2000000000, GREATEST(0, floor(extract(epoch from ("updated_at" - "created_at")))))::integer;
