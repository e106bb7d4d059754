// A job's crew in words (docs/rules/team.md#assignment), as the list and the job's view show it.
import type { Assignee } from '@contracts/assignees';

export const NO_CREW = 'Unassigned';

/** The crew's names, comma-separated, or 'Unassigned'. */
export function crewNames(crew: readonly Pick<Assignee, 'name'>[]): string {
  return crew.length > 0 ? crew.map((a) => a.name).join(', ') : NO_CREW;
}
