// Routes of the payment-analytics feature (filled in by this feature's work).
import type { AppDeps, ZodApp } from '../../platform/app-deps';

export function paymentAnalyticsRoutes(_app: ZodApp, _deps: AppDeps): void {}
