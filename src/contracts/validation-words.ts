// Validation messages in words, for the server's answers and the forms alike (ADR 010, docs/api.md).
// A schema's own message ('Name is required', the spec's texts) always wins; these words replace only zod's
// built-in texts ("Too big: expected string to have <=100 characters"). Installed once per process by
// importing this module (the server's errors.ts and the web's main.tsx do).
import { z } from 'zod';

const count = (n: number | bigint) => (typeof n === 'bigint' ? n.toString() : n.toLocaleString('en-US'));
const plural = (n: number | bigint, one: string, many: string) => `${count(n)} ${Number(n) === 1 ? one : many}`;

const TYPE_WORDS: Record<string, string> = {
  string: 'Must be text',
  number: 'Must be a number',
  int: 'Must be a whole number',
  bigint: 'Must be a whole number',
  boolean: 'Must be true or false',
  array: 'Must be a list',
  object: 'Must be an object',
  date: 'Must be a date',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'Must be a valid e-mail address',
  url: 'Must be a valid URL',
  uuid: 'Must be a valid ID',
  datetime: 'Must be a valid date and time',
  date: 'Must be a valid date',
  time: 'Must be a valid time',
  duration: 'Must be a valid duration',
  ipv4: 'Must be a valid IP address',
  ipv6: 'Must be a valid IP address',
};

/** The words for one of zod's own issues; undefined leaves zod's text (never reached by a known code). */
export function validationWords(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Required';
      return TYPE_WORDS[issue.expected] ?? 'Is not valid';
    case 'too_big': {
      const max = issue.maximum as number | bigint;
      if (issue.origin === 'string') return `Must be at most ${plural(max, 'character', 'characters')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Must have at most ${plural(max, 'item', 'items')}`;
      if (issue.origin === 'file') return `Must be at most ${plural(max, 'byte', 'bytes')}`;
      return issue.inclusive === false ? `Must be less than ${count(max)}` : `Must be ${count(max)} or less`;
    }
    case 'too_small': {
      const min = issue.minimum as number | bigint;
      if (issue.origin === 'string') return Number(min) <= 1 ? 'Required' : `Must be at least ${plural(min, 'character', 'characters')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return Number(min) <= 1 ? 'Add at least one' : `Must have at least ${plural(min, 'item', 'items')}`;
      if (issue.origin === 'file') return 'Must not be empty';
      return issue.inclusive === false ? `Must be more than ${count(min)}` : `Must be ${count(min)} or more`;
    }
    case 'invalid_format':
      if (issue.format === 'starts_with' && 'prefix' in issue) return `Must start with "${String(issue.prefix)}"`;
      if (issue.format === 'ends_with' && 'suffix' in issue) return `Must end with "${String(issue.suffix)}"`;
      if (issue.format === 'includes' && 'includes' in issue) return `Must contain "${String(issue.includes)}"`;
      return FORMAT_WORDS[issue.format] ?? 'Is not in the expected format';
    case 'not_multiple_of':
      return `Must be a multiple of ${count(issue.divisor as number | bigint)}`;
    case 'invalid_value': {
      const values = issue.values.map((v) => String(v));
      return values.length > 0 && values.length <= 8 ? `Must be one of: ${values.join(', ')}` : 'Is not one of the allowed values';
    }
    case 'unrecognized_keys':
      return `${issue.keys.length === 1 ? 'Unknown field' : 'Unknown fields'}: ${issue.keys.join(', ')}`;
    case 'invalid_key':
    case 'invalid_element':
      return 'Has an entry that is not valid';
    case 'invalid_union':
    case 'custom':
      return 'Is not valid';
    default:
      return undefined;
  }
}

z.config({ customError: validationWords });

type PathSegment = string | number;

/** Special spellings of words in field names. */
const WORD_SPELLING: Record<string, string> = { q: 'search', email: 'e-mail', url: 'URL', sku: 'SKU', zip: 'ZIP', sms: 'SMS', pdf: 'PDF', ein: 'EIN', otp: 'code', cc: 'CC', bcc: 'BCC' };
/** The item name of collections whose plural is not just the field name less an "s". */
const ITEM_NAME: Record<string, string> = { lineItems: 'line', entries: 'entry', addresses: 'address', categories: 'category' };

function words(name: string): string {
  const parts = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
    .split(/\s+/);
  // customerId -> customer: the reader picks a customer, not an id.
  if (parts.length > 1 && parts[parts.length - 1] === 'id') parts.pop();
  return parts.map((w) => WORD_SPELLING[w] ?? w).join(' ');
}

function itemName(collection: string): string {
  if (ITEM_NAME[collection]) return ITEM_NAME[collection];
  const w = words(collection);
  return w.endsWith('s') ? w.slice(0, -1) : w;
}

const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
/** Lower-cases a sentence's first letter unless the first word is an abbreviation ("URL", "ZIP"). */
const lowerFirst = (s: string) => (s.length > 1 && /[A-Z]/.test(s[1]) ? s : s.charAt(0).toLowerCase() + s.slice(1));

/** A path as the request names it: 'lineItems.0.amount' or ['lineItems', 0, 'amount']. */
function segments(path: string | readonly PathSegment[]): PathSegment[] {
  const list = typeof path === 'string' ? (path ? path.split('.') : []) : [...path];
  return list.map((s) => (typeof s === 'string' && /^\d+$/.test(s) ? Number(s) : s));
}

/** The words naming each step of a path: ['lineItems', 0, 'amount'] -> ['line 1', 'amount']. */
function labelParts(path: string | readonly PathSegment[]): string[] {
  const parts: string[] = [];
  const list = segments(path);
  for (let i = 0; i < list.length; i++) {
    const s = list[i];
    const next = list[i + 1];
    if (typeof s === 'string' && typeof next === 'number') {
      parts.push(`${itemName(s)} ${next + 1}`);
      i++;
    } else if (typeof s === 'number') {
      parts.push(`item ${s + 1}`);
    } else {
      parts.push(words(s));
    }
  }
  return parts.filter(Boolean);
}

/** "Line 1, amount" for 'lineItems.0.amount'; "Customer" for 'customerId'; '' for the whole request. */
export function fieldLabel(path: string | readonly PathSegment[]): string {
  return capitalize(labelParts(path).join(', '));
}

/** Where a request part failed as a whole (fastify's validation context), not a field. */
const REQUEST_PARTS = new Set(['body', 'querystring', 'params', 'headers']);

/**
 * One issue as a sentence naming its field in words: "Amount: must be 0.01 or more", "Line 1, amount: is too
 * large". A message that already names its field ("Name is required", "Please select a customer") is kept as it
 * is, with only the enclosing line named ("Line 2: description is required").
 */
export function issueSentence(path: string | readonly PathSegment[], message: string): string {
  const list = segments(path);
  if (list.length === 0 || (list.length === 1 && typeof list[0] === 'string' && REQUEST_PARTS.has(list[0]))) return message;
  const parts = labelParts(list);
  if (parts.length === 0) return message;
  const last = parts[parts.length - 1].toLowerCase();
  const parents = parts.slice(0, -1);
  // "Please enter a valid email address" names the field `email` as well as "e-mail" would.
  const plain = last.replace(/-/g, '');
  const text = message.toLowerCase();
  if (text.includes(last) || text.includes(plain)) {
    return parents.length ? `${capitalize(parents.join(', '))}: ${lowerFirst(message)}` : message;
  }
  return `${capitalize(parts.join(', '))}: ${lowerFirst(message)}`;
}
