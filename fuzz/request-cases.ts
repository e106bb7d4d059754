// One operation's fuzz cases: plausible requests built from its schemas, and hostile variants of them.
import fc from 'fast-check';
import { HOSTILE_SEGMENTS, RAW_BODIES, hostileNumber, hostileString, wrongValue } from './hostile-values';
import type { Operation } from './openapi-operations';
import { arbitraryFor, type FieldSource } from './schema-arbitrary';

export interface Pools {
  /** Values for body and query fields by name (customerId, invoiceId, token...). */
  fields: FieldSource;
  /** Plausible values of one path parameter (an id of the right kind, a slug, a short code...). */
  pathValue: (op: Operation, param: string) => fc.Arbitrary<string>;
}

export interface RequestCase {
  /** What was made hostile ('' for a plausible request), for the findings report. */
  hostile: string;
  url: string;
  /** The raw payload, exactly as sent (as UTF-8, or byte for byte when `bytes` is set). */
  body?: string;
  bytes?: boolean;
  contentType?: string;
  /** Extra request headers (a forged Origin, a garbage Stripe signature...). */
  headers?: Record<string, string>;
}

/** Percent-encodes the UTF-8 bytes, so lone surrogates and NUL reach the server as bytes, not an exception. */
export function pct(value: string): string {
  let out = '';
  for (const b of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const EXTRA_KEYS = ['id', 'organizationId', 'role', 'isAdmin', 'permissions', '__proto__', 'constructor', 'createdAt', 'invoiceNumber', 'sessionToken', 'deleted'];

/** Headers a browser or a forger may send, each wrong in its own way. */
const HOSTILE_HEADERS: Record<string, string>[] = [
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { origin: 'not a url' },
  { 'stripe-signature': 't=1,v1=deadbeef' },
  { 'stripe-signature': "' OR 1=1 --" },
  { 'x-forwarded-for': '::ffff:999.1.1.1, <script>' },
  { 'accept-encoding': 'br;q=NaN, gzip;q=-1, *;q=2' },
  { accept: 'text/html' },
  { 'user-agent': 'x'.repeat(20_000) },
];

/** A well-formed multipart body whose one file is not what it claims to be. */
const MULTIPART_FILES: { name: string; type: string; bytes: Buffer }[] = [
  { name: 'logo.png', type: 'image/png', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
  { name: '../../etc/passwd', type: 'image/png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]) },
  { name: 'empty.gif', type: 'image/gif', bytes: Buffer.alloc(0) },
  { name: 'x\u0000.jpg', type: 'image/jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]) },
];
const BOUNDARY = 'fuzzboundary7MA4YWxk';
function multipartBody(file: (typeof MULTIPART_FILES)[number], field: string): string {
  return [
    `--${BOUNDARY}`,
    `Content-Disposition: form-data; name="${field}"; filename="${file.name}"`,
    `Content-Type: ${file.type}`,
    '',
    file.bytes.toString('latin1'),
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n');
}

const HOSTILE_CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'multipart/form-data; boundary=fuzz', 'application/xml', 'application/jsonx'];

type Json = unknown;

/** Every path into a value (object keys and array indexes), nearest first, depth-limited. */
function pathsOf(value: Json, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 3 || value === null || typeof value !== 'object') return [];
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value as object);
  const out: (string | number)[][] = [];
  for (const [k, v] of entries) {
    out.push([...prefix, k]);
    out.push(...pathsOf(v, [...prefix, k], depth + 1));
  }
  return out;
}

function setAt(value: Json, path: (string | number)[], next: Json | typeof REMOVE): Json {
  if (path.length === 0) return next === REMOVE ? undefined : next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && next === REMOVE) copy.splice(head as number, 1);
    else copy[head as number] = setAt(copy[head as number], rest, next);
    return copy;
  }
  const copy: Record<string, Json> = { ...(value as Record<string, Json>) };
  if (rest.length === 0 && next === REMOVE) delete copy[head as string];
  // defineProperty: a key such as __proto__ must stay an own field, not replace the prototype.
  else Object.defineProperty(copy, head, { value: setAt(copy[head as string], rest, next), enumerable: true, writable: true, configurable: true });
  return copy;
}
const REMOVE = Symbol('remove');

const valueAt = (value: Json, path: (string | number)[]): Json =>
  path.reduce<Json>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string | number, Json>)[k] : undefined), value);

/**
 * A plausible body with one thing made hostile: hostile text in a text field (the likeliest to reach
 * the database), a hostile number in a numeric one, a wrong value anywhere, a field removed, extra fields.
 */
function hostileBodyFrom(valid: Json): fc.Arbitrary<{ hostile: string; body: Json }> {
  const paths = pathsOf(valid);
  const textPaths = paths.filter((p) => typeof valueAt(valid, p) === 'string');
  const numberPaths = paths.filter((p) => {
    const v = valueAt(valid, p);
    return typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));
  });
  const choices: fc.WeightedArbitrary<{ hostile: string; body: Json }>[] = [
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...EXTRA_KEYS), hostileString.map((s) => s.slice(0, 50))), wrongValue, { minKeys: 1, maxKeys: 3 }).map((extra) => ({
        hostile: `extra fields ${Object.keys(extra).map((k) => JSON.stringify(k.slice(0, 20))).join(', ')}`,
        body: valid !== null && typeof valid === 'object' && !Array.isArray(valid) ? { ...(valid as object), ...extra } : extra,
      })),
    },
  ];
  if (textPaths.length) {
    choices.push({ weight: 4, arbitrary: fc.tuple(fc.constantFrom(...textPaths), hostileString).map(([p, v]) => ({ hostile: `${p.join('.')} = hostile text`, body: setAt(valid, p, v) })) });
  }
  if (numberPaths.length) {
    choices.push({
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...numberPaths), hostileNumber, fc.boolean()).map(([p, v, asText]) => ({ hostile: `${p.join('.')} = ${v}${asText ? ' as text' : ''}`, body: setAt(valid, p, asText ? String(v) : v) })),
    });
  }
  if (paths.length) {
    const at = fc.constantFrom(...paths);
    choices.push(
      { weight: 2, arbitrary: fc.tuple(at, wrongValue).map(([p, v]) => ({ hostile: `${p.join('.')} = wrong value`, body: setAt(valid, p, v) })) },
      { weight: 1, arbitrary: at.map((p) => ({ hostile: `${p.join('.')} removed`, body: setAt(valid, p, REMOVE) })) },
    );
  }
  return fc.oneof(...choices);
}

export function caseArbitrary(op: Operation, pools: Pools): fc.Arbitrary<RequestCase> {
  const writes = op.method !== 'GET';
  const pathArb = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, pools.pathValue(op, p.name)]))) as fc.Arbitrary<Record<string, string>>;
  const queryModel = Object.fromEntries(op.query.map((q) => [q.name, arbitraryFor(q.schema, pools.fields, q.name)]));
  const queryArb = fc.record(queryModel, { requiredKeys: op.query.filter((q) => q.required).map((q) => q.name) }) as fc.Arbitrary<Record<string, unknown>>;
  const bodyArb: fc.Arbitrary<Json> = op.body ? arbitraryFor(op.body, pools.fields) : fc.constant(writes ? {} : undefined);

  const build = (path: Record<string, string>, query: string, body: Json, hostile: string, opts: { contentType?: string; raw?: string; bytes?: boolean; headers?: Record<string, string> } = {}): RequestCase => {
    const url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => path[name] ?? '1') + (query ? `?${query}` : '');
    const payload = opts.raw ?? (body === undefined ? undefined : JSON.stringify(body));
    return { hostile, url, body: payload, contentType: opts.contentType ?? (writes ? 'application/json' : undefined), headers: opts.headers, bytes: opts.bytes };
  };
  const encodeQuery = (q: Record<string, unknown>) =>
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => `${pct(k)}=${pct(String(v))}`)
      .join('&');

  const plausible = fc.tuple(pathArb, queryArb, bodyArb).map(([p, q, b]) => build(p, encodeQuery(q), b, ''));
  const arms: fc.WeightedArbitrary<RequestCase>[] = [{ weight: 3, arbitrary: plausible }];

  if (op.pathParams.length) {
    const segment = fc.oneof(fc.constantFrom(...HOSTILE_SEGMENTS), hostileString.map((s) => pct(s.slice(0, 300))));
    arms.push({
      weight: 2,
      arbitrary: fc.tuple(pathArb, fc.constantFrom(...op.pathParams.map((p) => p.name)), segment, queryArb, bodyArb).map(([p, name, seg, q, b]) =>
        build({ ...p, [name]: seg }, encodeQuery(q), b, `path ${name} = ${seg.slice(0, 40)}`),
      ),
    });
  }

  const ownNames = op.query.map((q) => q.name);
  const queryNames = fc.oneof({ weight: ownNames.length ? 4 : 0, arbitrary: fc.constantFrom(...(ownNames.length ? ownNames : ['q'])) }, { weight: 1, arbitrary: fc.constantFrom('q', 'organizationId', 'unknownParam') });
  const hostileQuery = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(queryArb, queryNames, fc.oneof(hostileString, hostileNumber.map(String))).map(([q, name, v]) => ({
      hostile: `query ${name} = hostile`,
      query: encodeQuery({ ...q, [name]: v }),
    })) },
    { weight: 1, arbitrary: fc.tuple(queryArb, queryNames).map(([q, name]) => ({ hostile: `query ${name} repeated`, query: `${encodeQuery(q)}&${name}=1&${name}=2&${name}[]=x` })) },
    { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%', 'q=%00', 'q[$ne]=1', '&&&=&=', 'organizationId[]=1&organizationId[]=2', `q=${'%F0%9F%98%80'.repeat(30000)}`, 'limit=-1&offset=-1', 'limit=1e9', 'sort=--id').map((query) => ({ hostile: `raw query ${query.slice(0, 40)}`, query })) },
  );
  arms.push({ weight: op.query.length ? 2 : 1, arbitrary: fc.tuple(pathArb, hostileQuery, bodyArb).map(([p, hq, b]) => build(p, hq.query, b, hq.hostile)) });

  arms.push({
    weight: 1,
    arbitrary: fc.tuple(pathArb, queryArb, bodyArb, fc.constantFrom(...HOSTILE_HEADERS)).map(([p, q, b, headers]) =>
      build(p, encodeQuery(q), b, `headers ${Object.keys(headers).join(', ')}`, { headers }),
    ),
  });

  if (writes) {
    arms.push({
      weight: 1,
      arbitrary: fc.tuple(pathArb, fc.constantFrom(...MULTIPART_FILES), fc.constantFrom('file', 'logo', 'x')).map(([p, file, field]) =>
        build(p, '', undefined, `multipart file ${file.name}`, { raw: multipartBody(file, field), bytes: true, contentType: `multipart/form-data; boundary=${BOUNDARY}` }),
      ),
    });
    arms.push({
      weight: op.body ? 6 : 2,
      arbitrary: fc.tuple(pathArb, queryArb, bodyArb.chain(hostileBodyFrom)).map(([p, q, hb]) => build(p, encodeQuery(q), hb.body, hb.hostile)),
    });
    arms.push({
      weight: 1,
      arbitrary: fc.tuple(pathArb, fc.constantFrom(...RAW_BODIES)).map(([p, raw]) => build(p, '', undefined, `raw body ${JSON.stringify(raw.slice(0, 30))}`, { raw })),
    });
    arms.push({
      weight: 1,
      arbitrary: fc.tuple(pathArb, bodyArb, fc.constantFrom(...HOSTILE_CONTENT_TYPES)).map(([p, b, ct]) => build(p, '', b, `content-type ${ct}`, { contentType: ct })),
    });
  }
  return fc.oneof(...arms);
}
