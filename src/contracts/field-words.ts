// A request path in words, for messages: 'lineItems.0.amount' -> "Line 1, amount" (ADR 010, docs/api.md).
// No zod here: the web's API client uses it on the first page, which must stay small.

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
