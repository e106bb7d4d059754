// Create-or-update with the documented toasts (docs/rules/records.md#messages-on-screen) ("Estimate created successfully" / "Failed to update estimate").
import { toast } from '@/components/ui/use-toast';

interface Mutation<V> {
  mutate: (variables: V, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}

export interface SaveRecordOptions<I> {
  /** The record being edited; none creates a new one. */
  id: number | null | undefined;
  input: I;
  create: Mutation<I>;
  update: Mutation<{ id: number; input: I }>;
  /** As it starts a sentence: 'Estimate', 'Work order'. */
  noun: string;
  onSaved: () => void;
  /** Puts the server's field issues on the form; the failure toast is shown here. */
  onFailed: (error: unknown) => void;
  describeError: (error: unknown) => string;
}

export function saveRecord<I>(o: SaveRecordOptions<I>): void {
  const verb = o.id ? 'update' : 'create';
  const handlers = {
    onSuccess: () => {
      toast({ title: `${o.noun} ${verb}d successfully` });
      o.onSaved();
    },
    onError: (error: unknown) => {
      o.onFailed(error);
      toast({ variant: 'destructive', title: `Failed to ${verb} ${o.noun.toLowerCase()}`, description: o.describeError(error) });
    },
  };
  if (o.id) o.update.mutate({ id: o.id, input: o.input }, handlers);
  else o.create.mutate(o.input, handlers);
}
