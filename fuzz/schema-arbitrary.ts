// JSON Schema (as the OpenAPI document states it) to a fast-check arbitrary of plausible values.
// Plausible, not always valid: refinements the document cannot express (cross-field rules, dates
// that must be in the future) are left to chance, which is what reaches the deeper code paths.
import fc from 'fast-check';
import type { JsonSchema } from './openapi-operations';

/**
 * Values for a field by its name, when the caller knows better than the schema: ids of records that
 * exist (customerId, serviceId...), portal tokens. Null leaves the field to its schema.
 */
export type FieldSource = (fieldName: string, schema: JsonSchema) => fc.Arbitrary<unknown> | null;

const INT32_MAX = 2147483647;
const SHORT_TEXT = 40;

const isType = (s: JsonSchema, t: string) => s.type === t || (Array.isArray(s.type) && s.type.includes(t));

function regexOf(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

function stringFor(name: string, s: JsonSchema): fc.Arbitrary<string> {
  const max = Math.min(s.maxLength ?? SHORT_TEXT, SHORT_TEXT);
  const min = Math.min(s.minLength ?? 0, max);
  const n = name.toLowerCase();
  // Opening hours: a start before its end, as the settings' refinement requires.
  if (/start$/.test(n) && s.pattern?.includes(':')) return fc.stringMatching(/^0[5-9]:[0-5]\d$/);
  if (/end$/.test(n) && s.pattern?.includes(':')) return fc.stringMatching(/^1[3-9]:[0-5]\d$/);
  if (s.pattern) {
    const re = regexOf(s.pattern);
    if (re) return fc.stringMatching(re).filter((v) => v.length <= (s.maxLength ?? Infinity));
  }
  if (s.format === 'date-time') return fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'date' || /date$|^(from|to|validuntil)$/.test(n)) {
    return fc.oneof(
      fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      fc.date({ min: new Date('2026-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 16)),
    );
  }
  // Field names the document cannot describe precisely (the refinements live in zod): plausible values
  // get past validation to the code behind it.
  if (n.includes('email')) return fc.stringMatching(/^[a-z]{2,10}(\.[a-z0-9]{1,6})?@example\.(com|org)$/);
  if (n.includes('url') || n === 'website') return fc.webUrl().filter((v) => v.length <= (s.maxLength ?? 2048));
  if (n.includes('phone')) return fc.stringMatching(/^\d{10}$/);
  if (n === 'zip') return fc.stringMatching(/^\d{5}$/);
  if (n === 'slug' || n === 'shortcode') return fc.stringMatching(/^[a-z0-9]{3,12}(-[a-z0-9]{1,8})?$/);
  if (n.includes('account') || n.includes('routing') || n === 'taxid') return fc.stringMatching(/^\d{9,12}$/);
  if (n.includes('time') && !n.includes('zone')) return fc.stringMatching(/^([01]\d|2[0-3]):[0-5]\d$/);
  if (n === 'timezone') return fc.constantFrom('America/New_York', 'UTC', 'Europe/Berlin', 'Not/AZone');
  if (/quantity|stock|hours$/.test(n)) return fc.integer({ min: 0, max: 500 }).map(String);
  if (/amount|price|cost|total|subtotal|tax|rate|fee|limit$/.test(n)) {
    return fc.integer({ min: 0, max: 1_000_000 }).map((c) => (c / 100).toFixed(2)).filter((v) => v.length <= max);
  }
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
}

function numberFor(name: string, s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  if (integer && /duration|minutes/i.test(name)) return fc.integer({ min: 1, max: 32 }).map((q) => q * 15);
  if (/quantity|stock/i.test(name)) return fc.integer({ min: 0, max: 500 });
  const exMin = s.exclusiveMinimum === true ? 1 : 0;
  const exMax = s.exclusiveMaximum === true ? 1 : 0;
  const min = Math.max(s.minimum ?? -1_000_000, -1_000_000) + (integer ? exMin : 0);
  const max = Math.min(s.maximum ?? 1_000_000, integer ? INT32_MAX : 1_000_000) - (integer ? exMax : 0);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) });
  // Money travels as cents / 100; a float with more decimals is one of the hostile cases.
  return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(Math.max(min, max) * 100) }).map((c) => c / 100);
}

export function arbitraryFor(s: JsonSchema | undefined, fields: FieldSource, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!s || Object.keys(s).length === 0) {
    // An untyped field (z.any / z.unknown): a money string is the most common use.
    return fc.oneof(stringFor('amount', {}), fc.integer({ min: 0, max: 10_000 }), fc.constant(null));
  }
  const core = (name && fields(name, s)) || coreArbitrary(s, fields, name, depth);
  return s.nullable ? fc.oneof({ weight: 4, arbitrary: core }, { weight: 1, arbitrary: fc.constant(null) }) : core;
}

function coreArbitrary(s: JsonSchema, fields: FieldSource, name: string, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => arbitraryFor(a, fields, name, depth)));
  if (s.allOf?.length) return arbitraryFor(s.allOf[0], fields, name, depth);
  if (isType(s, 'object') || s.properties) {
    const props = s.properties ?? {};
    if (depth > 4) return fc.constant({});
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [k, v] of Object.entries(props)) model[k] = arbitraryFor(v, fields, k, depth + 1);
    return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
  }
  if (isType(s, 'array')) {
    const maxLength = Math.min(s.maxItems ?? 4, 4);
    return fc.array(arbitraryFor(s.items, fields, name, depth + 1), { minLength: Math.min(s.minItems ?? 0, maxLength), maxLength });
  }
  if (isType(s, 'string')) return stringFor(name, s);
  if (isType(s, 'integer')) return numberFor(name, s, true);
  if (isType(s, 'number')) return numberFor(name, s, false);
  if (isType(s, 'boolean')) return fc.boolean();
  if (isType(s, 'null')) return fc.constant(null);
  return fc.constant(null);
}
