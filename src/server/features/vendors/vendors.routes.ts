// Routes of the vendors feature (filled in by this feature's work).
import type { AppDeps, ZodApp } from '../../platform/app-deps';

export function vendorsRoutes(_app: ZodApp, _deps: AppDeps): void {}
