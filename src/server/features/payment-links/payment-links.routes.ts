// Routes of the payment-links feature (filled in by this feature's work).
import type { AppDeps, ZodApp } from '../../platform/app-deps';

export function paymentLinksRoutes(_app: ZodApp, _deps: AppDeps): void {}
