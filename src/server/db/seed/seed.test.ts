import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentReminders, customers, organizations, users } from '../schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createSuperUser } from './create-super-user';
import { seedDemo } from './seed-demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo data', () => {
  it('seeds both organizations and every demo role once', async () => {
    expect(await seedDemo(t.database.db)).toBe(true);
    expect(await seedDemo(t.database.db)).toBe(false);
    const orgs = await t.database.db.select().from(organizations);
    expect(orgs.map((o) => [o.name, o.slug, o.industry])).toEqual([
      ['Demo Home Services', 'demo', 'Home Services'],
      ['Bright Smiles Dental', 'bright-smiles', 'Healthcare'],
    ]);
    const all = await t.database.db.select().from(users);
    const byEmail = Object.fromEntries(all.map((u) => [u.email, u]));
    expect(byEmail['super@example.com']).toMatchObject({ role: 'super_user', organizationId: null });
    expect(byEmail['admin@example.com']).toMatchObject({ role: 'org_admin', organizationId: orgs[0].id });
    expect(byEmail['manager@example.com'].role).toBe('manager');
    expect(byEmail['employee@example.com'].role).toBe('employee');
    expect(byEmail['customer@example.com']).toMatchObject({ role: 'customer', organizationId: orgs[0].id });
    expect(byEmail['admin@brightsmiles.example']).toMatchObject({ role: 'org_admin', organizationId: orgs[1].id });
    const [c] = await t.database.db.select().from(customers).where(eq(customers.email, 'customer@example.com'));
    expect(c.organizationId).toBe(orgs[0].id);
  });

  it('gives the demo organization a public booking link, services, two weeks of appointments with reminders, and messages', async () => {
    const admin = await t.cookieFor((await t.database.db.select().from(users).where(eq(users.email, 'admin@example.com')))[0].id);
    const get = async (url: string) => (await t.call({ url, cookie: admin })).json();
    const settings = await get('/api/schedule-settings');
    expect(settings.timeZone).toBe('America/Chicago');
    const page = await t.call({ url: '/api/public/schedule-by-slug/demo' });
    expect(page.statusCode).toBe(200);
    expect(page.json().services.length).toBeGreaterThanOrEqual(4);
    const from = new Date(Date.now() - 8 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
    const appts: { status: string; appointmentDate: string }[] = await get(`/api/appointments?from=${from}&to=${to}`);
    expect(appts.filter((a) => a.status === 'scheduled').length).toBeGreaterThan(3);
    expect(appts.filter((a) => a.status === 'completed').length).toBeGreaterThan(3);
    const pending = await t.database.db.select().from(appointmentReminders).where(eq(appointmentReminders.status, 'pending'));
    expect(pending.length).toBeGreaterThan(0);
    const msgs: { status: string }[] = await get('/api/messages');
    expect(msgs.map((m) => m.status).sort()).toEqual(['draft', 'sent']);
    const links: { shortCode: string }[] = await get('/api/short-urls');
    expect(links.map((l) => l.shortCode).sort()).toEqual(['demo-book', 'demo-furnace', 'demo-review']);
  });

  it('shows a team of three with its own hours, time off, performers and a realistic week each', async () => {
    const admin = await t.cookieFor((await t.database.db.select().from(users).where(eq(users.email, 'admin@example.com')))[0].id);
    const get = async (url: string) => (await t.call({ url, cookie: admin })).json();
    const team: { id: number; name: string; ownHours: boolean }[] = await get('/api/team');
    expect(team.map((m) => m.name).sort()).toEqual(['Alex Admin', 'Evan Employee', 'Morgan Manager']);
    expect(team.filter((m) => m.ownHours).map((m) => m.name).sort()).toEqual(['Alex Admin', 'Evan Employee']);
    const evan = team.find((m) => m.name === 'Evan Employee')!;
    expect((await get(`/api/team/${evan.id}/time-off`)).length).toBe(1);
    const services: { name: string; performerIds: number[]; bufferAfter: number }[] = await get('/api/services');
    expect(services.find((s) => s.name === 'Furnace tune-up')!.performerIds).toContain(evan.id);
    expect(services.find((s) => s.name === 'Drain cleaning')!.bufferAfter).toBe(15);
    const from = new Date(Date.now() - 8 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
    const appts: { assignees: { name: string }[] }[] = await get(`/api/appointments?from=${from}&to=${to}`);
    const perPerson = new Map<string, number>();
    for (const a of appts) for (const p of a.assignees) perPerson.set(p.name, (perPerson.get(p.name) ?? 0) + 1);
    expect([...perPerson.keys()].sort()).toEqual(['Alex Admin', 'Evan Employee', 'Morgan Manager']);
    for (const count of perPerson.values()) expect(count).toBeGreaterThan(5);
    // One person each, but for the two coming bookings left for the dispatch board's unassigned list.
    expect(appts.filter((a) => a.assignees.length !== 1).map((a) => a.assignees.length)).toEqual([0, 0]);
    const jobs: { status: string; assignees: unknown[] }[] = await get('/api/work-orders?limit=100');
    expect(jobs.filter((j) => j.status === 'scheduled' || j.status === 'in_progress').every((j) => j.assignees.length > 0)).toBe(true);
    // The manager's weekly round on a job: six visits made ahead, every one the job's and on a Friday at 8:00.
    const ahead = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const coming: { appointmentDate: string; workOrderId: number | null; series: { summary: string } | null; assignees: { name: string }[] }[] = await get(`/api/appointments?from=${from}&to=${ahead}`);
    const repeating = coming.filter((v) => v.series);
    expect(new Set(repeating.map((v) => v.workOrderId)).size).toBe(1);
    expect((await get(`/api/appointments?workOrderId=${repeating[0].workOrderId}`)).filter((v: { series: unknown }) => v.series).length).toBe(6);
    expect(repeating.map((v) => [new Date(`${v.appointmentDate}Z`).getUTCDay(), v.appointmentDate.slice(11), v.series!.summary, v.assignees.map((a) => a.name)])).toEqual(
      Array.from({ length: 6 }, () => [5, '08:00:00', 'Weekly on Friday, 6 visits', ['Morgan Manager']]),
    );
  });

  it('has staff time entries against worked jobs, all finished, with the staff names', async () => {
    const admin = await t.cookieFor((await t.database.db.select().from(users).where(eq(users.email, 'admin@example.com')))[0].id);
    const res = await t.call({ url: '/api/time-entries?limit=200', cookie: admin });
    const entries: { employeeName: string; endTime: string | null; isActive: boolean; workOrderTitle: string; startTime: string }[] = res.json();
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(20);
    expect(entries.every((e) => !e.isActive && e.endTime !== null && e.workOrderTitle.length > 0)).toBe(true);
    expect(new Set(entries.map((e) => e.employeeName))).toEqual(new Set(['Alex Admin', 'Morgan Manager', 'Evan Employee']));
    expect(entries.every((e) => new Date(e.endTime!).getTime() > new Date(e.startTime).getTime())).toBe(true);
    const active = await t.call({ url: '/api/time-entries/active', cookie: admin });
    expect(active.statusCode).toBe(200);
    expect(active.body === 'null' || active.body === '').toBe(true);
  });

  it('create-super-user creates or promotes', async () => {
    expect(await createSuperUser(t.database.db, 'Owner@Example.com ')).toBe('created');
    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
    expect(u).toMatchObject({ role: 'super_user', isActive: true });
    expect(await createSuperUser(t.database.db, 'manager@example.com')).toBe('promoted');
    await expect(createSuperUser(t.database.db, 'nope')).rejects.toThrow(/Not an e-mail/);
  });
});

describe('health', () => {
  it('answers ok once migrated', async () => {
    const res = await t.call({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.call({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/auth/send-otp'].post.requestBody.content['application/json'].schema.properties.email).toBeDefined();
    const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    // Every registered route is documented (OpenAPI writes :id as {id}).
    for (const r of t.routes) expect(operations, `${r.method} ${r.url}`).toContain(`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
  });
});
