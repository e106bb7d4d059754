// Services from a spreadsheet: the service form's rules (docs/rules/scheduling.md#services), matched by name
// (docs/rules/data-exchange.md#import-duplicates). An imported service is performed by every bookable staff member and
// brings no checklists, as a service added without choosing any.
import { sql } from 'drizzle-orm';
import { createServiceBodySchema, SCHEDULING_DEFAULTS, type CreateServiceBody } from '../../../contracts/scheduling';
import { services } from '../../db/schema/index';
import { rowsOf } from '../../db/client';
import { tenantWhere } from '../../platform/tenancy';
import { minutes, plainNumber, yesNo } from './cell-values';
import { isOneOf, type Existing, type KindSpec, type WriteColumn } from './import-spec';

const COLUMNS: readonly WriteColumn<CreateServiceBody>[] = [
  ['name', services.name, 'text'],
  ['description', services.description, 'text'],
  ['duration', services.duration, 'integer'],
  ['price', services.price, 'numeric'],
  ['isActive', services.isActive, 'boolean'],
  ['bufferBefore', services.bufferBefore, 'integer'],
  ['bufferAfter', services.bufferAfter, 'integer'],
];

export const serviceImport: KindSpec<CreateServiceBody> = {
  kind: 'services',
  schema: createServiceBodySchema,
  formInput: (cell) => ({
    name: cell('name'),
    description: cell('description'),
    duration: minutes(cell('duration')),
    // Blank: the form's default (0.00).
    price: cell('price') ? plainNumber(cell('price')) : undefined,
    isActive: yesNo(cell('isActive')),
    bufferBefore: minutes(cell('bufferBefore')),
    bufferAfter: minutes(cell('bufferAfter')),
  }),
  keyOf: (s) => ({ by: 'name', value: s.name.toLowerCase() }),
  findExisting: async (db, scope, records) => {
    const names = [...new Set(records.map((s) => s.name.toLowerCase()))];
    const found = await rowsOf<{ id: number; name: string }>(
      db,
      sql`select ${services.id} as id, lower(${services.name}) as name from ${services}
        where ${tenantWhere(scope, services, isOneOf(sql`lower(${services.name})`, names))} order by ${services.id}`,
    );
    const byName = new Map<string, number>();
    for (const r of found) if (!byName.has(r.name)) byName.set(r.name, r.id);
    return records.map((s): Existing | null => {
      const id = byName.get(s.name.toLowerCase());
      return id === undefined ? null : { id };
    });
  },
  table: services,
  columns: COLUMNS,
  // The service form's defaults: an hour, free, bookable, no buffers.
  withDefaults: (s) => ({
    ...s,
    duration: s.duration ?? SCHEDULING_DEFAULTS.serviceDuration,
    price: s.price ?? SCHEDULING_DEFAULTS.servicePrice,
    isActive: s.isActive ?? true,
    bufferBefore: s.bufferBefore ?? 0,
    bufferAfter: s.bufferAfter ?? 0,
  }),
};
