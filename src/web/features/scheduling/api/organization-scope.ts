// A super user's session spans organizations; the screen works on one chosen organization at a time.
import { createContext, useContext } from 'react';

/** The organization a super user picked; null for everyone else (the server uses their own). */
export const OrganizationScope = createContext<number | null>(null);

export function useOrganizationScope(): number | null {
  return useContext(OrganizationScope);
}

/** Appends `organizationId` to a read's query when a super user chose one. */
export function scoped(path: string, organizationId: number | null): string {
  if (organizationId === null) return path;
  return `${path}${path.includes('?') ? '&' : '?'}organizationId=${organizationId}`;
}
