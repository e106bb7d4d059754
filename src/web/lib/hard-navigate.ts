// Session changes (sign-in, sign-out, impersonation) need a full page load so no cached data,
// in-flight query or module state of the previous identity survives.
export function hardNavigate(path: string): void {
  window.location.assign(path);
}

export function hardReload(): void {
  window.location.reload();
}
