// Sends every operation's fuzz cases as every caller and collects what must never happen:
// a 5xx (other than the documented ones), a 4xx that is not JSON with a message, a crash of the
// request itself, and a response showing the caller the other organization's marker.
import fs from 'node:fs';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { inject } from 'vitest';
import type { Caller } from './callers';
import { operationKey, type Operation } from './openapi-operations';
import { caseArbitrary, type Pools, type RequestCase } from './request-cases';
import type { FuzzSettings } from './settings';
import { restorePeople, type FuzzWorld, type Person } from './tenant-world';

/** Adds this file's request count to the run's total (printed by fuzz/totals.ts). */
export function recordTotals(sent: number): void {
  fs.appendFileSync(inject('fuzzTotalsFile'), `${sent}\n`);
}

/** 5xx answers the documentation promises, with their exact messages. */
const DOCUMENTED_5XX: { route: string; status: number; message: string; why: string }[] = [
  ...['POST /api/messages', 'PUT /api/messages/:id'].map((route) => ({ route, status: 503, message: 'Failed to send message', why: 'no delivery went out (route summary)' })),
  ...['POST /api/invoices/:id/email', 'POST /api/estimates/:id/email', 'POST /api/customers/:id/portal-link'].map((route) => ({
    route,
    status: 503,
    message: 'The email could not be sent. Please check email configuration.',
    why: 'the mail transport refused the message',
  })),
  ...['POST /api/create-payment-intent', 'POST /api/invoices/:id/payment-intent', 'POST /api/public/payment-links/:linkId/payment-intent', 'POST /api/customers/:id/setup-intent'].map((route) => ({
    route,
    status: 501,
    message: 'Square payments are not supported yet',
    why: 'docs/rules/money-and-payments.md#active-processor: square answers 501',
  })),
];

/** Routes that show every organization's data by design: their answers are not searched for leaks. */
const SHOWS_EVERY_TENANT: Record<string, string> = {
  'GET /api/dev/outbox': "every organization's mail, outside production only (docs/rules/messaging.md#outbox)",
};

export interface Finding {
  kind: '5xx' | 'not JSON with a message' | 'leak' | 'request crashed';
  operation: string;
  caller: string;
  status: number;
  request: string;
  response: string;
  reproduce: string;
}

export interface RunResult {
  sent: number;
  ms: number;
  findings: Finding[];
  /** Status counts, so a run that only ever met 401s is visible as such. */
  statuses: Record<number, number>;
  /** Milliseconds per operation, for the slowest ones in the summary. */
  timings: Record<string, number>;
  /** Plausible (not hostile) requests and how many of them the app accepted: the depth the fuzzing reached. */
  plausible: { sent: number; accepted: number };
}

/** A per-operation seed: adding or changing one route does not change another route's cases. */
function seedFor(seed: number, key: string): number {
  let h = seed | 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return h;
}

const excerpt = (s: string | undefined, n = 300) => {
  if (s === undefined) return '';
  const flat = JSON.stringify(s.length > n ? `${s.slice(0, n)}... (${s.length} chars)` : s);
  return flat.slice(1, -1);
};

let address = 0;
/** A new client address per request: the per-address rate limits would otherwise end the run in 429s. */
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

function casesFor(op: Operation, pools: Pools, settings: FuzzSettings): RequestCase[] {
  return fc.sample(caseArbitrary(op, pools), { numRuns: settings.runs, seed: seedFor(settings.seed, operationKey(op)) });
}

export async function fuzzOperations(world: FuzzWorld, ops: Operation[], callers: Caller[], pools: Pools, settings: FuzzSettings): Promise<RunResult> {
  const { app } = world.t;
  const findings: Finding[] = [];
  const statuses: Record<number, number> = {};
  const timings: Record<string, number> = {};
  const plausible = { sent: 0, accepted: 0 };
  const people = callers.map((c) => c.person).filter((p): p is Person => !!p);
  let sent = 0;
  const started = Date.now();

  for (const op of ops) {
    const key = operationKey(op);
    const opStarted = Date.now();
    const cases = casesFor(op, pools, settings);
    for (const [n, c] of cases.entries()) {
      for (const caller of callers) {
        const cred = caller.credentials(n);
        const headers: Record<string, string> = { ...c.headers };
        if (cred.cookie !== undefined) headers.cookie = cred.cookie;
        if (cred.impersonation !== undefined) headers['x-impersonation-token'] = cred.impersonation;
        if (cred.authorization !== undefined) headers.authorization = cred.authorization;
        if (c.contentType) headers['content-type'] = c.contentType;
        const who = cred.variant ? `${caller.name} (${cred.variant})` : caller.name;
        const request = `${op.method} ${c.url.length > 200 ? `${c.url.slice(0, 200)}...` : c.url}${c.hostile ? ` [${c.hostile}]` : ''} body=${excerpt(c.body, 200)}`;
        const reproduce = `FUZZ_SEED=${settings.seed} FUZZ_RUNS=${settings.runs}: ${key} case ${n} as ${who}`;
        sent++;
        let res;
        try {
          res = await app.inject({ method: op.method as InjectOptions['method'], url: c.url, headers, payload: c.bytes && c.body !== undefined ? Buffer.from(c.body, 'latin1') : c.body, remoteAddress: nextAddress() });
        } catch (e) {
          findings.push({ kind: 'request crashed', operation: key, caller: who, status: 0, request, response: String(e), reproduce });
          continue;
        }
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        if (!c.hostile) {
          plausible.sent++;
          if (res.statusCode < 300) plausible.accepted++;
        }
        const problem = judge(op, res.statusCode, res.headers['content-type'], res.body);
        if (problem) findings.push({ kind: problem, operation: key, caller: who, status: res.statusCode, request, response: excerpt(res.body), reproduce });
        const lower = key in SHOWS_EVERY_TENANT ? '' : res.body.toLowerCase();
        for (const marker of caller.forbidden) {
          if (lower.includes(marker)) {
            findings.push({ kind: 'leak', operation: key, caller: who, status: res.statusCode, request, response: excerpt(res.body.slice(Math.max(0, lower.indexOf(marker) - 150))), reproduce });
          }
        }
      }
      // A write may have changed a caller (its role, its session): the next case gets it back.
      if (op.method !== 'GET') await restorePeople(world, people);
    }
    timings[key] = Date.now() - opStarted;
  }
  return { sent, ms: Date.now() - started, findings, statuses, timings, plausible };
}

function judge(op: Operation, status: number, contentType: unknown, body: string): Finding['kind'] | null {
  const key = operationKey(op);
  if (status >= 500) {
    let message: unknown;
    try {
      message = JSON.parse(body).message;
    } catch {
      message = undefined;
    }
    return DOCUMENTED_5XX.some((d) => d.route === key && d.status === status && d.message === message) ? null : '5xx';
  }
  // Only the JSON API promises JSON errors; /s/{code} answers a page, /uploads a file.
  if (status >= 400 && op.path.startsWith('/api/')) {
    if (!String(contentType ?? '').startsWith('application/json')) return 'not JSON with a message';
    try {
      const parsed = JSON.parse(body);
      if (typeof parsed?.message !== 'string' || parsed.message === '') return 'not JSON with a message';
    } catch {
      return 'not JSON with a message';
    }
  }
  return null;
}

/** Findings grouped by operation, status and message, with up to three examples each. */
export function describeFindings(findings: Finding[]): string {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const msg = /"message":"([^"]*)"/.exec(f.response)?.[1] ?? f.response.slice(0, 80);
    const k = `${f.kind} ${f.status} ${f.operation} ${f.kind === 'leak' ? f.caller : msg}`;
    groups.set(k, [...(groups.get(k) ?? []), f]);
  }
  const out: string[] = [`${findings.length} findings in ${groups.size} groups:`];
  for (const [k, list] of groups) {
    out.push(`\n== ${k} (${list.length}x)`);
    for (const f of list.slice(0, 3)) {
      out.push(`  as ${f.caller}\n  request:  ${f.request}\n  response: ${f.response}\n  reproduce: ${f.reproduce}`);
    }
  }
  return out.join('\n');
}

export function summary(label: string, settings: FuzzSettings, ops: number, callers: Caller[], r: RunResult): string {
  const statuses = Object.entries(r.statuses)
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');
  const slowest = Object.entries(r.timings)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`)
    .join(', ');
  return `[fuzz] ${label}: ${r.sent} requests (${ops} operations x ${settings.runs} cases x ${callers.length} callers) in ${(r.ms / 1000).toFixed(1)} s, seed ${settings.seed}; plausible requests accepted ${r.plausible.accepted}/${r.plausible.sent}; statuses ${statuses}; slowest ${slowest}; ${r.findings.length} findings`;
}
