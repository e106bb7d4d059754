import { z } from 'zod';

/** The files a list exports to (docs/rules/data-exchange.md#list-exports). */
export const LIST_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];

/** `GET /api/<list>/export?format=`: CSV unless asked otherwise. */
export const listExportFormatSchema = z.object({
  format: z.enum(LIST_EXPORT_FORMATS, { error: 'Format must be csv or xlsx' }).default('csv'),
});

/** An export takes the list's own query (search, filters, sort) without its paging. */
export const LIST_PAGING = { limit: true, offset: true } as const;

export const LIST_EXPORT_CONTENT_TYPES: Record<ListExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
