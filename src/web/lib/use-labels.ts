import { labelsFor, type LabelSet } from '@contracts/vocabulary';
import { useCurrentUser } from '@/lib/auth/current-user';

/** The signed-in organization's vocabulary (industry labels plus its own overrides). */
export function useLabels(): LabelSet {
  const { user } = useCurrentUser();
  return labelsFor(user?.organization?.industry, user?.organization?.labelOverrides);
}
