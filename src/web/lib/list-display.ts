// Words every list shares (docs/decisions/014-list-block.md).

export const UNKNOWN_ORGANIZATION = 'Unknown Organization';

/** The organization's name for the super user's Organization column; '-' for a record of no organization. */
export function organizationName(names: ReadonlyMap<number, string>, organizationId: number | null | undefined): string {
  if (organizationId === null || organizationId === undefined) return '-';
  return names.get(organizationId) ?? UNKNOWN_ORGANIZATION;
}

/** 'Showing 1–50 of 120' for a page of the list; '' when the list is empty. */
export function pageSummary(offset: number, rowCount: number, total: number): string {
  if (rowCount === 0 || total === 0) return '';
  return `Showing ${offset + 1}–${offset + rowCount} of ${total}`;
}
