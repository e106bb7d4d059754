// The public address of a stored upload: /uploads/{id}/{file name} (docs/rules/platform.md#uploads-and-lookups).

export function uploadPath(id: number, fileName: string): string {
  return `/uploads/${id}/${encodeURIComponent(fileName)}`;
}

/** The upload id in an organizations.logo value, or null when the logo is not one of our uploads. */
export function uploadIdFromPath(path: string | null | undefined): number | null {
  const m = /^\/uploads\/(\d{1,10})\//.exec(path ?? '');
  if (!m) return null;
  const id = Number(m[1]);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
