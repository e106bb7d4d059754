// The four figures of the super user dashboard, all counted live.
import { count } from 'drizzle-orm';
import type { SystemStats } from '../../../contracts/admin';
import type { Database } from '../../db/client';
import { organizations, users } from '../../db/schema/index';
import { countActiveSessions } from '../../platform/sessions';
import { checkSystemHealth } from './system-health';

export async function systemStats(database: Database, now = new Date()): Promise<SystemStats> {
  const { db } = database;
  const [[u], [o], activeSessions, systemHealth] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(organizations),
    countActiveSessions(db, now),
    checkSystemHealth(database, now),
  ]);
  return { totalUsers: Number(u?.n ?? 0), totalOrganizations: Number(o?.n ?? 0), activeSessions, systemHealth };
}
