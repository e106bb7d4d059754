-- One notification per user and event (an invoice becoming overdue, a booking, a payment): the jobs that
-- raise them may run on several app instances at once and simply insert ... on conflict do nothing.
-- Its column order also serves "has this event been announced yet" lookups.
CREATE UNIQUE INDEX IF NOT EXISTS "notifications_event_key" ON "notifications" ("organization_id", "type", "entity_type", "entity_id", "user_id") WHERE "entity_id" IS NOT NULL;
