// A stored file's bytes as an address an <img> can show: fetched with the request rules (cookies, the
// impersonation header, and for the customer portal its token header, which must never travel in a URL:
// docs/rules/customer-portal.md#portal-links), then handed to the page as a blob: URL, released when no longer shown.
import { useEffect, useState } from 'react';
import { fetchFile } from '@/lib/download';

export interface FileUrl {
  url: string | null;
  failed: boolean;
}

/** `path` null: nothing to fetch. Headers are compared by value, so an inline object does not fetch again. */
export function useFileUrl(path: string | null, headers?: Record<string, string>): FileUrl {
  const headerKey = JSON.stringify(headers ?? {});
  const [state, setState] = useState<FileUrl & { path: string | null }>({ url: null, failed: false, path: null });
  useEffect(() => {
    if (!path) return;
    let alive = true;
    let made: string | null = null;
    fetchFile(path, 'file', JSON.parse(headerKey) as Record<string, string>).then(
      ({ blob }) => {
        if (!alive) return;
        made = URL.createObjectURL(blob);
        setState({ url: made, failed: false, path });
      },
      () => {
        if (alive) setState({ url: null, failed: true, path });
      },
    );
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path, headerKey]);
  // A path just changed: the old picture is not shown for the new one.
  return state.path === path ? { url: state.url, failed: state.failed } : { url: null, failed: false };
}
