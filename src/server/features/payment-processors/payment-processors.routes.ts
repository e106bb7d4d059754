// Routes of the payment-processors feature (filled in by this feature's work).
import type { AppDeps, ZodApp } from '../../platform/app-deps';

export function paymentProcessorsRoutes(_app: ZodApp, _deps: AppDeps): void {}
