// The super user's impersonation token lives in localStorage (docs/rules/platform.md#request-rules) so every request,
// in every tab, acts as the impersonated user until the token is removed.

const KEY = 'impersonation_token';

export function getImpersonationToken(): string | null {
  let value: string | null;
  try {
    value = window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
  // Older clients stored stringified nullish values; they mean "no token".
  if (!value || value === 'null' || value === 'undefined') return null;
  return value;
}

export function setImpersonationToken(token: string): void {
  window.localStorage.setItem(KEY, token);
}

export function clearImpersonationToken(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Storage can be unavailable (private mode); nothing to clear then.
  }
}
