// A portal link's token on the visitor's side (docs/customer-portal.md, Portal links). Links carry it in the
// fragment (`/customer-portal#token=...`), which browsers never send to a server; older e-mails carry `?token=`.
// The screen reads it once, keeps it for this tab in sessionStorage (a reload keeps working, closing the tab
// forgets it) and takes it out of the address bar, so it is not left in history, bookmarks or a shared screen.

const STORAGE_KEY = 'tradebook.portal-link-token';

/** The address without `token` in its query or fragment; everything else (e.g. `?customer=`) stays. */
export function addressWithoutToken(address: { pathname: string; search: string; hash: string }): { pathname: string; search: string; hash: string } {
  const strip = (part: string, mark: '?' | '#') => {
    const params = new URLSearchParams(part.replace(/^[?#]/, ''));
    params.delete('token');
    const rest = params.toString();
    return rest ? `${mark}${rest}` : '';
  };
  return { pathname: address.pathname, search: strip(address.search, '?'), hash: strip(address.hash, '#') };
}

/** Storage can be refused (private modes, blocked site data): the visit then works until the next reload. */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberPortalToken(token: string): void {
  try {
    storage()?.setItem(STORAGE_KEY, token);
  } catch {
    // Full or refused: nothing else to do.
  }
}

export function storedPortalToken(): string | undefined {
  try {
    return storage()?.getItem(STORAGE_KEY) || undefined;
  } catch {
    return undefined;
  }
}

/** A link the server refused is not offered again on the next visit of this tab. */
export function forgetPortalToken(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Refused: nothing was kept either.
  }
}
