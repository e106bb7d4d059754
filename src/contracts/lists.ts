import { z } from 'zod';

/** Optional paging and search every list endpoint accepts (docs/rules/lists.md#list-endpoints). The total is in X-Total-Count. */
export const listQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
  /** A column name, '-' in front for descending: `-createdAt`. */
  sort: z.string().trim().max(50).regex(/^-?[a-zA-Z]+$/).optional(),
  /** Super users may narrow a list to one organization. */
  organizationId: z.coerce.number().int().positive().optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const DEFAULT_PAGE_SIZE = 50;
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** `?organizationId=` of a settings route: the organization a super user works on; everyone else's is their own. */
export const organizationQuerySchema = z.object({ organizationId: z.coerce.number().int().positive().max(2_147_483_647).optional() });
