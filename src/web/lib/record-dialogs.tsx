// Dialogs one feature opens on another feature's records: the dashboard's "Create Invoice" and "Add New Customer",
// its recent jobs, and "Add New Customer" inside the work order form. Features never import each other's files
// (docs/ARCHITECTURE.md, Web), so app/record-dialogs.tsx puts the real dialogs here, each loaded on first use, and a
// feature asks for them by what they do.
import { createContext, useContext, type ComponentType } from 'react';
import type { Customer } from '@contracts/customers';

export interface RecordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export type RecordDialogKind = 'customer' | 'invoice' | 'work-order';

export interface RecordDialogs {
  /** Add a customer; `onSaved` receives the new record. */
  CustomerDialog: ComponentType<RecordDialogProps & { onSaved?: (customer: Customer) => void }>;
  /** Create an invoice. */
  InvoiceDialog: ComponentType<RecordDialogProps>;
  /** Edit this work order; create one when `workOrderId` is absent. */
  WorkOrderDialog: ComponentType<RecordDialogProps & { workOrderId?: number | null }>;
  /** Starts loading a dialog's code before the click that opens it. */
  preload: (kind: RecordDialogKind) => void;
}

const RecordDialogsContext = createContext<RecordDialogs | null>(null);

export const RecordDialogsProvider = RecordDialogsContext.Provider;

/** The dialogs are lazy components: render them inside a Suspense boundary. */
export function useRecordDialogs(): RecordDialogs {
  const dialogs = useContext(RecordDialogsContext);
  if (!dialogs) throw new Error('useRecordDialogs needs the RecordDialogsProvider of app/providers.tsx');
  return dialogs;
}
