// Routes of the customer-portal feature (filled in by this feature's work).
import type { AppDeps, ZodApp } from '../../platform/app-deps';

export function customerPortalRoutes(_app: ZodApp, _deps: AppDeps): void {}
