// Short URLs (docs/rules/short-urls.md): the form's rules, shared by the server and the React form.
import { z } from 'zod';

export const SHORT_URL_LIMITS = { title: 200, originalUrl: 2048, codeMin: 3, codeMax: 32, generatedCode: 7 } as const;

export const SHORT_URL_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${SHORT_URL_LIMITS.title} characters`,
  url: 'Please enter a valid URL',
  code: 'Short code must be 3-32 letters, digits, - or _',
  codeTaken: 'That short code is already taken',
  boolean: 'Must be true or false',
  organization: 'Please choose an organization',
  created: 'Short URL created successfully',
  updated: 'Short URL updated successfully',
  notFound: 'Short URL not found',
  pointsAtShortLink: 'A short URL cannot point to another short URL of this site',
} as const;

/** Letters, digits, - and _: safe in a path segment without escaping. */
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

/** Only http(s) targets: a redirect to javascript:, data: or file: would run or leak in the visitor's browser. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

export const shortUrlTitleSchema = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? SHORT_URL_MESSAGES.titleRequired : 'Title must be text') })
  .trim()
  .min(1, SHORT_URL_MESSAGES.titleRequired)
  .max(SHORT_URL_LIMITS.title, SHORT_URL_MESSAGES.titleTooLong);

export const originalUrlSchema = z
  .string({ error: SHORT_URL_MESSAGES.url })
  .trim()
  .max(SHORT_URL_LIMITS.originalUrl, SHORT_URL_MESSAGES.url)
  .refine(isHttpUrl, SHORT_URL_MESSAGES.url);

/** Optional; blank or null means "generate one". */
export const shortCodeSchema = z
  .string({ error: SHORT_URL_MESSAGES.code })
  .trim()
  .nullish()
  .refine((v) => !v || SHORT_CODE_PATTERN.test(v), SHORT_URL_MESSAGES.code)
  .transform((v) => (v ? v : null));

const organizationIdSchema = z
  .union([z.number(), z.string().regex(/^\s*\d+\s*$/)], { error: SHORT_URL_MESSAGES.organization })
  .transform(Number)
  .pipe(z.number().int(SHORT_URL_MESSAGES.organization).positive(SHORT_URL_MESSAGES.organization).max(2_147_483_647, SHORT_URL_MESSAGES.organization))
  .nullish();

export const createShortUrlBodySchema = z.object({
  title: shortUrlTitleSchema,
  originalUrl: originalUrlSchema,
  shortCode: shortCodeSchema,
  /** Super users choose the organization; ignored for everyone else. */
  organizationId: organizationIdSchema,
});
export type CreateShortUrlInput = z.input<typeof createShortUrlBodySchema>;
export type CreateShortUrlBody = z.infer<typeof createShortUrlBodySchema>;

/** The short code is read-only after creation (links already shared must keep working), so it is not accepted here. */
export const updateShortUrlBodySchema = z.object({
  title: shortUrlTitleSchema.optional(),
  originalUrl: originalUrlSchema.optional(),
  isActive: z.boolean({ error: SHORT_URL_MESSAGES.boolean }).optional(),
});
export type UpdateShortUrlInput = z.input<typeof updateShortUrlBodySchema>;
export type UpdateShortUrlBody = z.infer<typeof updateShortUrlBodySchema>;

export const shortUrlIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const shortUrlSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  title: z.string(),
  originalUrl: z.string(),
  shortCode: z.string(),
  clicks: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShortUrl = z.infer<typeof shortUrlSchema>;
export const shortUrlListSchema = z.array(shortUrlSchema);

/** The path a short code resolves at, on the app's own origin. */
export const shortUrlPath = (code: string) => `/s/${code}`;
