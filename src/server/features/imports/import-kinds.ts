// Each kind of record an import brings in, and its engine (import-spec.ts).
import type { ImportKind } from '../../../contracts/imports';
import { customerImport } from './customer-import';
import type { KindSpec } from './import-spec';
import { inventoryImport } from './inventory-import';
import { serviceImport } from './service-import';
import { vendorImport } from './vendor-import';

/** Runs `use` with the kind's spec, whatever its record type. */
export function withSpec<T>(kind: ImportKind, use: <R>(spec: KindSpec<R>) => T): T {
  switch (kind) {
    case 'customers':
      return use(customerImport);
    case 'inventory_items':
      return use(inventoryImport);
    case 'services':
      return use(serviceImport);
    case 'vendors':
      return use(vendorImport);
  }
}
