import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateCreditNoteInput, CreditNote } from '@contracts/credit-notes';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { invalidateAfterSave } from '@/lib/save-invalidation';

export function creditNotesQueryOptions(invoiceId: number) {
  return queryOptions({
    // Under 'invoices', so everything that refreshes invoices after a save refreshes these too.
    queryKey: ['invoices', 'credit-notes', invoiceId],
    queryFn: () => api.get<CreditNote[]>(`/api/credit-notes?invoiceId=${invoiceId}&limit=100`),
  });
}

export function useInvoiceCreditNotes(invoiceId: number | null, enabled: boolean) {
  return useQuery({ ...creditNotesQueryOptions(invoiceId ?? 0), enabled: enabled && invoiceId !== null });
}

export function createCreditNote({ invoiceId, input }: { invoiceId: number; input: CreateCreditNoteInput }): Promise<CreditNote> {
  return api.post<CreditNote>(`/api/invoices/${invoiceId}/credit-notes`, input);
}

export function useCreateCreditNote() {
  const queryClient = useQueryClient();
  // A retry after a lost answer could issue a second note.
  return useMutation({ mutationFn: createCreditNote, retry: false, onSuccess: () => invalidateAfterSave(queryClient, 'invoices') });
}

export function useEmailCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>(`/api/credit-notes/${id}/email`),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}

/** Saves the note's PDF as credit-note-{number}.pdf. */
export function downloadCreditNotePdf(note: { id: number; creditNoteNumber: string }): Promise<string> {
  return downloadFile(`/api/credit-notes/${note.id}/pdf`, `credit-note-${note.creditNoteNumber}.pdf`);
}
