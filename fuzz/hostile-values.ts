// The hostile values a fuzz case may put in any field, query parameter or path segment.
import fc from 'fast-check';

const HUGE = 100 * 1024 + 17;

/** Text meant to break encodings, parsers, SQL and HTML, by kind: each kind is drawn as often as the others. */
export const HOSTILE_TEXT: Record<string, readonly string[]> = {
  empty: ['', ' ', '\t\n\r', '\u00A0'],
  sql: ["' OR 1=1 --", "'; DROP TABLE users; --", '; DROP TABLE users;', '" OR ""="', "1' UNION SELECT email, session_token FROM user_sessions --", "x'); DELETE FROM customers; --"],
  like: ['%', '_', '\\', '%_\\%', '[a-z]*', '.*'],
  html: ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '"><svg onload=alert(1)>', 'javascript:alert(1)', '<b>Bold</b>', '&lt;&amp;&#0;'],
  template: ['{{7*7}}', '${7*7}', '%s%s%s%n', '#{7*7}'],
  nul: ['a\u0000b', '\u0000', 'trailing\u0000', '\u0000\u0000\u0000'],
  surrogates: ['\uD800', 'x\uDFFFy', '\uDBFF\uDBFF', 'ok\uD83D'],
  unicode: ['\uFEFF\u200B\u200E\u202Eabc', 'مرحبا بالعالم', '\u202Egnp.exe', '😀👩‍👩‍👧‍👦🏳️‍🌈', 'Zoë Łódź José Müller', 'ｆｕｌｌｗｉｄｔｈ', 'e\u0301\u0301\u0301', '\u0007\u001B[31mred'],
  numeric: ['NaN', 'Infinity', '-1', '0', '-0', '1e309', '2147483648', '9223372036854775808', '1.005', '0x1F', '99999999.995', '1,000.00', ' 12 '],
  dates: ['2026-02-30', '9999-12-31T23:59:59Z', '0000-00-00', '+275760-09-13T00:00:00.001Z', '-271821-04-19', '275760-09-14', '2026-13-45T25:61', '1969-12-31T23:59:60Z', '24:61', '2026-01-01T10:00:00+14:00'],
  prototype: ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'prototype', '-constructor', 'then'],
  words: ['null', 'undefined', 'true', 'false', '[object Object]', 'admin', 'super_user'],
  paths: ['../../../../etc/passwd', '..%2F..%2F', 'C:\\Windows\\win.ini', 'file:///etc/passwd', 'http://169.254.169.254/latest/meta-data/'],
};

/** Numbers at and past the limits of int32, int64, JavaScript and money columns. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.01,
  0.001,
  2147483647,
  2147483648,
  -2147483648,
  -2147483649,
  4294967296,
  99999999.99,
  100000000,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
];

/** Path segments that are not ids (already URL-safe). */
export const HOSTILE_SEGMENTS: readonly string[] = [
  '0',
  '-1',
  '1.5',
  'NaN',
  'abc',
  '2147483648',
  '99999999999999999999',
  '1e3',
  '0x10',
  ' 1',
  '%00',
  '%27%20OR%201%3D1%20--',
  '%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
  '%F0%9F%98%80',
  '%ED%A0%80',
  '%E0%A4%A',
  '%',
  '..%2F..%2Fetc%2Fpasswd',
  'null',
  'x'.repeat(300),
];

const huge = fc.constantFrom('x', '😀', 'é', '<b>', "'", '\u0000').map((unit) => unit.repeat(Math.ceil(HUGE / unit.length)));

/** Any hostile string: one kind of HOSTILE_TEXT, random unicode, or one of 100 KB or more. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  ...Object.values(HOSTILE_TEXT).map((list) => fc.constantFrom(...list)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  huge,
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
);

/**
 * A JSON value of the wrong kind for almost any field. NaN and Infinity are sent as JSON null by
 * JSON.stringify, so they appear as raw tokens in `RAW_BODIES` instead.
 */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(true, false, null, [], {}, [1, 'a'], { nested: { deep: [null] } }, { $gt: '' }, JSON.parse('{"__proto__": {"admin": true}}')),
  fc.array(hostileString, { maxLength: 3 }),
);

/** Bodies that are not the JSON object a route expects, sent verbatim. */
export const RAW_BODIES: readonly string[] = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '[{}]',
  '"text"',
  '42',
  'NaN',
  '{"id": NaN}',
  '{"id": Infinity}',
  '{"a": 1, "a": 2}',
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  '\u0000',
  '\uFEFF{}',
  '{"x": "\\ud800"}',
  '{"x": "\\u0000"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"deep": ${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
];
