// The dialogs features open on each other's records (lib/record-dialogs.tsx), put together here because only the app
// may import every feature. Each dialog is its own chunk, loaded on first use (or on `preload`).
import { lazy, type ReactNode } from 'react';
import { RecordDialogsProvider, type RecordDialogKind, type RecordDialogs } from '@/lib/record-dialogs';

const loaders = {
  customer: () => import('@/features/customers/components/customer-dialog'),
  invoice: () => import('@/features/invoices/components/invoice-dialog'),
  'work-order': () => import('@/features/work-orders/components/work-order-dialog'),
} satisfies Record<RecordDialogKind, () => Promise<unknown>>;

const recordDialogs: RecordDialogs = {
  CustomerDialog: lazy(() => loaders.customer().then((m) => ({ default: m.CustomerDialog }))),
  InvoiceDialog: lazy(() => loaders.invoice().then((m) => ({ default: m.InvoiceDialog }))),
  WorkOrderDialog: lazy(() => loaders['work-order']().then((m) => ({ default: m.WorkOrderDialog }))),
  preload: (kind) => void loaders[kind](),
};

export function AppRecordDialogs({ children }: { children: ReactNode }) {
  return <RecordDialogsProvider value={recordDialogs}>{children}</RecordDialogsProvider>;
}
