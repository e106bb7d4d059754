// GET /uploads/{id}/{name}: a stored file's bytes, public (logos appear on public pages and documents).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema/index';

export interface StoredFile {
  contentType: string;
  data: Buffer;
}

/** The file when both the id and its stored name match (an address names exactly one file, as it was stored). */
export async function findUpload(db: DbOrTx, idParam: string, nameParam: string): Promise<StoredFile | null> {
  if (!/^\d{1,10}$/.test(idParam)) return null;
  const id = Number(idParam);
  if (id < 1 || id > 2_147_483_647) return null;
  const [row] = await db.select({ fileName: uploads.fileName, contentType: uploads.contentType, data: uploads.data }).from(uploads).where(eq(uploads.id, id)).limit(1);
  if (!row || row.fileName !== nameParam) return null;
  return { contentType: row.contentType, data: row.data };
}
