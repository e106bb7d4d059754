// A short link may not lead to a short link of this installation: /s/a -> /s/a, or /s/a -> /s/b -> /s/a, would send
// browsers round in a redirect loop, and a chain hides where a link really goes (docs/features.md, Short links).
import { SHORT_URL_MESSAGES } from '../../../contracts/short-urls';
import { invalid } from '../../platform/errors';

/** Where this installation answers: APP_URL's host, and the host the request came to (an instance behind another name). */
export interface OwnHosts {
  appUrl: string;
  requestHost: string | undefined;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

export function isOwnShortLink(target: string, own: OwnHosts): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  const hosts = [hostOf(own.appUrl), own.requestHost ? hostOf(`http://${own.requestHost}`) : null].filter((h): h is string => h !== null);
  // new URL drops default ports and resolves /./ and /../, so /s/x written another way is still found.
  return hosts.includes(url.host.toLowerCase()) && /^\/s(\/|$)/i.test(url.pathname);
}

/** 400 naming originalUrl when the target is one of our short links. */
export function assertNotOwnShortLink(target: string | undefined, own: OwnHosts): void {
  if (target !== undefined && isOwnShortLink(target, own)) {
    throw invalid(`originalUrl: ${SHORT_URL_MESSAGES.pointsAtShortLink}`, [{ path: 'originalUrl', message: SHORT_URL_MESSAGES.pointsAtShortLink }]);
  }
}
