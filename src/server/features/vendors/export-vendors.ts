// The Vendors screen's exports (docs/rules/data-exchange.md#list-exports): the vendors list and the vendor payments
// list, each with its search, filter and sort, in the words the screen's cards use.
import type { ListQuery } from '../../../contracts/lists';
import { paymentMethodLabel, paymentTermsLabel } from '../../../contracts/vendor-words';
import type { Vendor, VendorPayment, VendorPaymentListQuery } from '../../../contracts/vendors';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import type { ListExport } from '../../platform/list-export';
import { vendorPaymentBatches } from './list-vendor-payments';
import { vendorBatches } from './list-vendors';

export async function exportVendors(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<ListExport<Vendor>> {
  return {
    fileName: 'vendors',
    title: () => 'Vendors',
    columns: () => [
      { label: 'Name', value: (v) => v.name },
      { label: 'Company', value: (v) => v.companyName },
      { label: 'Email', value: (v) => v.email },
      { label: 'Phone', value: (v) => v.phone },
      { label: 'Address', value: (v) => v.address },
      { label: 'Payment Terms', value: (v) => paymentTermsLabel(v.paymentTerms) },
      { label: 'Tax ID', value: (v) => v.taxId },
    ],
    read: vendorBatches(db, ctx, query),
    organizationOf: (v) => v.organizationId,
  };
}

export async function exportVendorPayments(db: DbOrTx, ctx: RequestContext, query: VendorPaymentListQuery): Promise<ListExport<VendorPayment>> {
  return {
    fileName: 'vendor-payments',
    title: () => 'Vendor Payments',
    columns: () => [
      { label: 'Vendor', value: (p) => p.vendorName },
      { label: 'Amount', kind: 'money', value: (p) => p.amount },
      { label: 'Method', value: (p) => paymentMethodLabel(p.method) },
      { label: 'Date', kind: 'date', value: (p) => p.paymentDate },
      { label: 'Description', value: (p) => p.description },
      { label: 'Reference', value: (p) => p.reference },
    ],
    read: vendorPaymentBatches(db, ctx, query),
    organizationOf: (p) => p.organizationId,
  };
}
