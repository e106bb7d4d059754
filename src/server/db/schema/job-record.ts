// The job record on site (docs/rules/team.md#photos-and-files, #checklists): checklist templates the organization
// defines, the checklists attached to a job and filled in there, and the photos and files kept with a job.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, instant, setNullOnly, tenantReference } from './columns';
import { organizations, users } from './identity';
import { services } from './scheduling';
import { workOrders } from './work-orders';

const organizationId = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** One question of a checklist. `id` is stable within the template, so answers survive a reworded label. */
export interface StoredChecklistItem {
  id: string;
  label: string;
  kind: 'yes_no' | 'number' | 'text' | 'photo';
  required: boolean;
}

/** An answer by item id: yes/no, a number, text, or the id of a photo attached to the job. */
export type StoredChecklistAnswer = boolean | number | string | { attachmentId: number };

export const checklistTemplates = pgTable(
  'checklist_templates',
  {
    id: id(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    items: jsonb('items').$type<StoredChecklistItem[]>().notNull().default(sql`'[]'::jsonb`),
    /** Archived templates stay on the jobs that used them and are no longer offered. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [unique('checklist_templates_org_id_key').on(t.organizationId, t.id), index('checklist_templates_org_name_idx').on(t.organizationId, t.name)],
);

/** The templates a service brings to every job it is booked for. */
export const serviceChecklistTemplates = pgTable(
  'service_checklist_templates',
  {
    organizationId: organizationId(),
    serviceId: integer('service_id').notNull(),
    templateId: integer('template_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'service_checklist_templates_pkey', columns: [t.organizationId, t.serviceId, t.templateId] }),
    tenantReference('service_checklist_templates_service_fk', t.organizationId, t.serviceId, services).onDelete('cascade'),
    tenantReference('service_checklist_templates_template_fk', t.organizationId, t.templateId, checklistTemplates).onDelete('cascade'),
  ],
);

/** A checklist on a job: the template's name and items copied when attached, and the answers given on site. */
export const workOrderChecklists = pgTable(
  'work_order_checklists',
  {
    id: id(),
    organizationId: organizationId(),
    workOrderId: integer('work_order_id').notNull(),
    templateId: integer('template_id'),
    name: text('name').notNull(),
    items: jsonb('items').$type<StoredChecklistItem[]>().notNull(),
    answers: jsonb('answers').$type<Record<string, StoredChecklistAnswer>>().notNull().default(sql`'{}'::jsonb`),
    completedAt: instant('completed_at'),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('work_order_checklists_org_id_key').on(t.organizationId, t.id),
    tenantReference('work_order_checklists_work_order_fk', t.organizationId, t.workOrderId, workOrders).onDelete('cascade'),
    tenantReference('work_order_checklists_template_fk', t.organizationId, t.templateId, checklistTemplates).onDelete(setNullOnly(t.templateId)),
    // A template is on a job once, however many visits of its service the job has.
    uniqueIndex('work_order_checklists_template_key').on(t.organizationId, t.workOrderId, t.templateId),
    index('work_order_checklists_parent_idx').on(t.organizationId, t.workOrderId),
  ],
);

/**
 * A photo or file kept with a job. The bytes are in `data` (and a small preview in `thumbnail`) when stored in the
 * database, or under `storageKey` in the configured object storage; never served without the caller's access to the job.
 */
export const workOrderAttachments = pgTable(
  'work_order_attachments',
  {
    id: id(),
    organizationId: organizationId(),
    workOrderId: integer('work_order_id').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** 'database' or 's3': where the bytes are. */
    storage: text('storage').$type<'database' | 's3'>().notNull().default('database'),
    storageKey: text('storage_key'),
    data: bytea('data'),
    thumbnail: bytea('thumbnail'),
    caption: text('caption'),
    /** Shown to the customer on the job's invoices and in the portal. */
    shared: boolean('shared').notNull().default(false),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('work_order_attachments_org_id_key').on(t.organizationId, t.id),
    tenantReference('work_order_attachments_work_order_fk', t.organizationId, t.workOrderId, workOrders).onDelete('cascade'),
    index('work_order_attachments_parent_idx').on(t.organizationId, t.workOrderId, t.createdAt),
    check('work_order_attachments_storage_check', sql`(${t.storage} = 'database' and ${t.data} is not null) or (${t.storage} = 's3' and ${t.storageKey} is not null)`),
  ],
);
