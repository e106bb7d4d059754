// Routes of the payments feature (filled in by this feature's work).
import type { AppDeps, ZodApp } from '../../platform/app-deps';

export function paymentsRoutes(_app: ZodApp, _deps: AppDeps): void {}
