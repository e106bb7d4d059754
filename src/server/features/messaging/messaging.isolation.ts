import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { messageDeliveries, messages, messageTemplates, outbox } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { exportIsolation } from '../../test/export-isolation';

async function draftOfA(w: World) {
  const subject = `Private A ${randomUUID().slice(0, 8)}`;
  const [m] = await w.t.database.db
    .insert(messages)
    .values({ organizationId: w.orgA.id, subject, content: 'For A only', recipients: ['a-customer@example.com'], type: 'email' })
    .returning();
  return m;
}

async function templateOfA(w: World) {
  const [t] = await w.t.database.db
    .insert(messageTemplates)
    .values({ organizationId: w.orgA.id, name: `Template A ${randomUUID().slice(0, 8)}`, type: 'email', subject: 'Hi', content: 'Body A' })
    .returning();
  return t;
}

const ids = (body: { id: number }[]) => body.map((r) => r.id);

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/messages/export': exportIsolation('/api/messages', draftOfA),
  'GET /api/messages': {
    kind: 'custom',
    run: async (w) => {
      const m = await draftOfA(w);
      const b = await w.t.call({ url: '/api/messages?limit=500', cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(ids(b.json())).not.toContain(m.id);
      const asked = await w.t.call({ url: `/api/messages?organizationId=${w.orgA.id}&q=${encodeURIComponent(m.subject!)}`, cookie: w.adminB.cookie });
      expect(asked.json()).toEqual([]);
      expect(asked.headers['x-total-count']).toBe('0');
      // A customer of B holds view_messages but sees neither A's messages nor B's staff's.
      expect(ids((await w.t.call({ url: '/api/messages?limit=500', cookie: w.customerB.cookie })).json())).not.toContain(m.id);
      const a = await w.t.call({ url: `/api/messages?q=${encodeURIComponent(m.subject!)}`, cookie: w.adminA.cookie });
      expect(ids(a.json())).toEqual([m.id]);
    },
  },
  'POST /api/messages': {
    kind: 'custom',
    run: async (w) => {
      // An organization admin cannot plant a message in another organization.
      const res = await w.t.call({
        method: 'POST',
        url: '/api/messages',
        cookie: w.adminB.cookie,
        payload: { subject: 'Planted', content: 'x', recipients: ['x@example.com'], organizationId: w.orgA.id },
      });
      expect(res.statusCode).toBe(201);
      const [row] = await w.t.database.db.select().from(messages).where(eq(messages.id, res.json().id));
      expect(row.organizationId).toBe(w.orgB.id);
    },
  },
  'PUT /api/messages/:id': {
    kind: 'custom',
    run: async (w) => {
      const m = await draftOfA(w);
      const edit = await w.t.call({ method: 'PUT', url: `/api/messages/${m.id}`, cookie: w.adminB.cookie, payload: { subject: 'Hijacked' } });
      expect(edit.statusCode).toBe(404);
      expect(edit.json()).toEqual({ code: 'NOT_FOUND', message: 'Message not found' });
      const send = await w.t.call({ method: 'PUT', url: `/api/messages/${m.id}`, cookie: w.adminB.cookie, payload: { status: 'sent' } });
      expect(send.statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(messages).where(eq(messages.id, m.id));
      expect(row).toMatchObject({ subject: m.subject, status: 'draft', sentDate: null });
      expect(await w.t.database.db.select().from(messageDeliveries).where(eq(messageDeliveries.messageId, m.id))).toEqual([]);
      const own = await w.t.call({ method: 'PUT', url: `/api/messages/${m.id}`, cookie: w.adminA.cookie, payload: { status: 'sent' } });
      expect(own.statusCode).toBe(200);
      const mail = await w.t.database.db.select().from(outbox).where(and(eq(outbox.organizationId, w.orgA.id), eq(outbox.subject, m.subject!)));
      expect(mail).toHaveLength(1);
    },
  },
  'GET /api/message-templates': {
    kind: 'custom',
    run: async (w) => {
      const t = await templateOfA(w);
      const b = await w.t.call({ url: '/api/message-templates?limit=500', cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(ids(b.json())).not.toContain(t.id);
      const asked = await w.t.call({ url: `/api/message-templates?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(ids(asked.json())).not.toContain(t.id);
      expect((await w.t.call({ url: '/api/message-templates', cookie: w.customerB.cookie })).statusCode).toBe(403);
      expect(ids((await w.t.call({ url: '/api/message-templates?limit=500', cookie: w.adminA.cookie })).json())).toContain(t.id);
    },
  },
  'POST /api/message-templates': {
    kind: 'custom',
    run: async (w) => {
      const res = await w.t.call({
        method: 'POST',
        url: '/api/message-templates',
        cookie: w.adminB.cookie,
        payload: { name: 'Planted', content: 'x', organizationId: w.orgA.id },
      });
      expect(res.statusCode).toBe(201);
      const [row] = await w.t.database.db.select().from(messageTemplates).where(eq(messageTemplates.id, res.json().id));
      expect(row.organizationId).toBe(w.orgB.id);
    },
  },
  'PUT /api/message-templates/:id': {
    kind: 'custom',
    run: async (w) => {
      const t = await templateOfA(w);
      const res = await w.t.call({ method: 'PUT', url: `/api/message-templates/${t.id}`, cookie: w.adminB.cookie, payload: { name: 'Hijacked' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Template not found' });
      const [row] = await w.t.database.db.select().from(messageTemplates).where(eq(messageTemplates.id, t.id));
      expect(row.name).toBe(t.name);
      expect((await w.t.call({ method: 'PUT', url: `/api/message-templates/${t.id}`, cookie: w.adminA.cookie, payload: { isActive: false } })).statusCode).toBe(200);
    },
  },
  'DELETE /api/message-templates/:id': {
    kind: 'custom',
    run: async (w) => {
      const t = await templateOfA(w);
      const res = await w.t.call({ method: 'DELETE', url: `/api/message-templates/${t.id}`, cookie: w.adminB.cookie });
      expect(res.statusCode).toBe(404);
      expect(await w.t.database.db.select().from(messageTemplates).where(eq(messageTemplates.id, t.id))).toHaveLength(1);
      expect((await w.t.call({ method: 'DELETE', url: `/api/message-templates/${t.id}`, cookie: w.adminA.cookie })).statusCode).toBe(204);
    },
  },
};
