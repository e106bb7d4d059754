// Slugs are the key of the public pages (/org/{slug}): made from the name when none is given, unique.
import { and, eq, like, ne, or } from 'drizzle-orm';
import { ORGANIZATION_LIMITS, ORGANIZATION_MESSAGES } from '../../../contracts/organizations';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema/index';
import { conflict } from '../../platform/errors';

/** "Zoë's Plumbing & Heating" -> "zoes-plumbing-heating"; "organization" when nothing usable is left. */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ORGANIZATION_LIMITS.slug)
    .replace(/-+$/g, '');
  return base || 'organization';
}

/** The name's slug, or with the lowest free "-2", "-3"... suffix, still within 50 characters. */
export async function uniqueSlugFromName(db: DbOrTx, name: string, exceptId?: number): Promise<string> {
  const base = slugFromName(name);
  const others = exceptId === undefined ? undefined : ne(organizations.id, exceptId);
  const rows = await db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(and(or(eq(organizations.slug, base), like(organizations.slug, `${base.slice(0, 40)}%`)), others));
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, ORGANIZATION_LIMITS.slug - suffix.length).replace(/-+$/g, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** 409 when another organization already has this slug (the unique index is the final word). */
export async function assertSlugFree(db: DbOrTx, slug: string, exceptId?: number): Promise<void> {
  const others = exceptId === undefined ? undefined : ne(organizations.id, exceptId);
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.slug, slug), others)).limit(1);
  if (row) throw conflict(ORGANIZATION_MESSAGES.slugTaken);
}
