// Organization B never reads, answers or starts A's SMS conversations (docs/rules/messaging.md#conversations); a reply
// is filed under the organization that last texted the number, never another.
import { and, eq, gt } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers, smsConversationMessages, smsConversations } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';

let n = 0;
/** A's thread with a number of its own: A texts the number, the number replies (the outbox page's filing). */
async function threadOfA(w: World): Promise<{ id: number; digits: string }> {
  const digits = `558${String(3_000_000 + ++n * 29).padStart(7, '0')}`;
  const sent = await w.t.call({ method: 'POST', url: '/api/conversations', cookie: w.adminA.cookie, payload: { phone: digits, body: 'A only' } });
  expect(sent.statusCode, sent.body).toBe(201);
  return { id: sent.json().conversationId, digits };
}

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/conversations': {
    kind: 'custom',
    run: async (w) => {
      const { id } = await threadOfA(w);
      for (const url of ['/api/conversations', `/api/conversations?organizationId=${w.orgA.id}`]) {
        const b = await w.t.call({ url, cookie: w.adminB.cookie });
        expect(b.statusCode).toBe(200);
        expect(b.json().map((c: { id: number }) => c.id)).not.toContain(id);
      }
      expect((await w.t.call({ url: '/api/conversations', cookie: w.adminA.cookie })).json().map((c: { id: number }) => c.id)).toContain(id);
    },
  },
  'GET /api/conversations/unread-count': {
    kind: 'custom',
    run: async (w) => {
      const { id } = await threadOfA(w);
      await w.t.database.db.update(smsConversations).set({ unreadCount: 2 }).where(eq(smsConversations.id, id));
      const counted = async (cookie: string, query = '') => (await w.t.call({ url: `/api/conversations/unread-count${query}`, cookie })).json().count as number;
      const unreadOf = async (organizationId: number) =>
        (
          await w.t.database.db
            .select({ id: smsConversations.id })
            .from(smsConversations)
            .where(and(eq(smsConversations.organizationId, organizationId), gt(smsConversations.unreadCount, 0)))
        ).length;
      expect(await counted(w.adminA.cookie)).toBe(await unreadOf(w.orgA.id));
      // B counts exactly its own threads, whatever organization it names.
      const bOwn = await unreadOf(w.orgB.id);
      expect(await counted(w.adminB.cookie)).toBe(bOwn);
      expect(await counted(w.adminB.cookie, `?organizationId=${w.orgA.id}`)).toBe(bOwn);
    },
  },
  'GET /api/conversations/:id': {
    kind: 'custom',
    run: async (w) => {
      const { id } = await threadOfA(w);
      expect((await w.t.call({ url: `/api/conversations/${id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/conversations/${id}`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
  'POST /api/conversations/:id/messages': {
    kind: 'custom',
    run: async (w) => {
      const { id } = await threadOfA(w);
      const res = await w.t.call({ method: 'POST', url: `/api/conversations/${id}/messages`, cookie: w.adminB.cookie, payload: { body: 'B was here' } });
      expect(res.statusCode).toBe(404);
      expect(await w.t.database.db.select().from(smsConversationMessages).where(and(eq(smsConversationMessages.conversationId, id), eq(smsConversationMessages.body, 'B was here')))).toEqual([]);
    },
  },
  'POST /api/conversations': {
    kind: 'custom',
    run: async (w) => {
      // B cannot text A's customer, and naming A's organization still writes into B's own.
      const [c] = await w.t.database.db.insert(customers).values({ organizationId: w.orgA.id, name: 'A texting', phone: '5589990001' }).returning({ id: customers.id });
      expect((await w.t.call({ method: 'POST', url: '/api/conversations', cookie: w.adminB.cookie, payload: { customerId: c.id, body: 'Hi' } })).statusCode).toBe(404);
      const own = await w.t.call({ method: 'POST', url: '/api/conversations', cookie: w.adminB.cookie, payload: { phone: '5589990002', body: 'Hi', organizationId: w.orgA.id } });
      expect(own.statusCode).toBe(201);
      const [thread] = await w.t.database.db.select().from(smsConversations).where(eq(smsConversations.id, own.json().conversationId));
      expect(thread.organizationId).toBe(w.orgB.id);
    },
  },
  'GET /api/customers/:id/sms-opt-out': {
    kind: 'custom',
    run: async (w) => {
      const [c] = await w.t.database.db.insert(customers).values({ organizationId: w.orgA.id, name: 'A opt-out', phone: '5589990003' }).returning({ id: customers.id });
      expect((await w.t.call({ url: `/api/customers/${c.id}/sms-opt-out`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/customers/${c.id}/sms-opt-out`, cookie: w.adminA.cookie })).json()).toMatchObject({ phone: '+15589990003', optedOut: false });
    },
  },
  'POST /api/webhooks/twilio/sms': {
    kind: 'public',
    why: "Twilio's signed webhook: a reply is filed only under the organization that last texted its number (conversations/twilio-webhook.test.ts)",
  },
};
