CREATE TABLE "estimate_responses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "estimate_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"estimate_id" integer NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"signer_name" text,
	"signature" jsonb,
	"message" text,
	"total" numeric(10, 2),
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimate_responses_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "estimate_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "estimate_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"estimate_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"approval_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "estimate_id" integer;--> statement-breakpoint
ALTER TABLE "estimate_line_items" ADD COLUMN "optional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_line_items" ADD COLUMN "selected" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "terms" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "approval_token" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "converted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estimate_responses" ADD CONSTRAINT "estimate_responses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_responses" ADD CONSTRAINT "estimate_responses_estimate_fk" FOREIGN KEY ("organization_id","estimate_id") REFERENCES "public"."estimates"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_versions" ADD CONSTRAINT "estimate_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_versions" ADD CONSTRAINT "estimate_versions_estimate_fk" FOREIGN KEY ("organization_id","estimate_id") REFERENCES "public"."estimates"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_responses_estimate_idx" ON "estimate_responses" USING btree ("organization_id","estimate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_responses_one_approval" ON "estimate_responses" USING btree ("organization_id","estimate_id","version") WHERE kind = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_versions_token_key" ON "estimate_versions" USING btree ("approval_token");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_versions_key" ON "estimate_versions" USING btree ("organization_id","estimate_id","version");--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_estimate_fk" FOREIGN KEY ("organization_id","estimate_id") REFERENCES "public"."estimates"("organization_id","id") ON DELETE set null ("estimate_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_orders_org_estimate_idx" ON "work_orders" USING btree ("organization_id","estimate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_approval_token_key" ON "estimates" USING btree ("approval_token");--> statement-breakpoint
-- "accepted" is now "approved" (docs/rules/quote-approval.md#statuses); the API still takes the old word.
UPDATE "estimates" SET "status" = 'approved' WHERE "status" = 'accepted';
