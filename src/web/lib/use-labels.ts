import { labelsFor, recordWord, type LabelSet } from '@contracts/vocabulary';
import { useCurrentUser } from '@/lib/auth/current-user';

/** The signed-in organization's vocabulary (industry labels plus its own overrides). */
export function useLabels(): LabelSet {
  const { user } = useCurrentUser();
  return labelsFor(user?.organization?.industry, user?.organization?.labelOverrides);
}

/** One record of a kind in the organization's words: "Procedure" for titles and buttons, "procedure" in a sentence. */
export function useRecordWord(kind: keyof LabelSet): { title: string; lower: string } {
  return recordWord(useLabels(), kind);
}
