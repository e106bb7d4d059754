// The Estimates screen's export (docs/rules/data-exchange.md#list-exports): the list's rows with its search, filters
// and sort, under the screen's column labels in the organization's words.
import type { EstimateListItem, EstimateListQuery } from '../../../contracts/estimates';
import { statusText } from '../../../contracts/format';
import { singular } from '../../../contracts/vocabulary';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import type { ListExport } from '../../platform/list-export';
import { estimateBatches } from './list-estimates';

export async function exportEstimates(db: DbOrTx, ctx: RequestContext, query: EstimateListQuery): Promise<ListExport<EstimateListItem>> {
  return {
    fileName: 'estimates',
    title: (labels) => labels.estimates,
    columns: (labels) => [
      { label: 'Estimate #', value: (e) => e.estimateNumber },
      { label: 'Title', value: (e) => e.title },
      { label: singular(labels.customers), value: (e) => e.customerName },
      { label: 'Status', value: (e) => statusText(e.status) },
      { label: 'Total', kind: 'money', value: (e) => e.total },
      { label: 'Valid Until', kind: 'date', value: (e) => e.validUntil },
      { label: 'Created', kind: 'date', value: (e) => e.createdAt },
    ],
    read: await estimateBatches(db, ctx, query),
    organizationOf: (e) => e.organizationId,
  };
}
