// Super administration (docs/rules/organizations-and-roles.md#super-user-dashboard; docs/rules/sign-in-and-sessions.md: impersonation,
// audit log, System Health).
import { z } from 'zod';
import { listQuerySchema } from './lists';
import { userListSchema, userSchema } from './users';

export const adminUserSchema = userSchema;
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = userListSchema;

export const HEALTH_STATUSES = ['Excellent', 'Degraded', 'Down'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

export const HEALTH_CHECK_IDS = ['database', 'migrations', 'outbox', 'reminders'] as const;
export type HealthCheckId = (typeof HEALTH_CHECK_IDS)[number];

export const healthCheckSchema = z.object({
  id: z.enum(HEALTH_CHECK_IDS),
  label: z.string(),
  ok: z.boolean(),
  /** What was found, in words an administrator can act on. */
  detail: z.string(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

export const systemHealthSchema = z.object({
  status: z.enum(HEALTH_STATUSES),
  checks: z.array(healthCheckSchema),
  checkedAt: z.string(),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

export const systemStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalOrganizations: z.number().int(),
  /** Unexpired, not idle sign-in sessions (impersonations are not counted: they ride on one). */
  activeSessions: z.number().int(),
  systemHealth: systemHealthSchema,
});
export type SystemStats = z.infer<typeof systemStatsSchema>;

/** `action` is exact (`user.create`) or a family (`user` matches every `user.*`). */
export const auditLogQuerySchema = listQuerySchema.pick({ limit: true, offset: true, organizationId: true }).extend({
  action: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9_.]*$/, 'Action names are lower-case letters, digits, _ and .')
    .optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditPersonSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type AuditPerson = z.infer<typeof auditPersonSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  action: z.string(),
  /** Who was at the keyboard (the super user while impersonating); null once that user is deleted. */
  actor: auditPersonSchema.nullable(),
  /** Whom the actor was acting as, when impersonating. */
  asUser: auditPersonSchema.nullable(),
  entityType: z.string().nullable(),
  entityId: z.number().int().nullable(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogSchema = z.array(auditEntrySchema);
