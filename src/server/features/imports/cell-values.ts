// What a spreadsheet cell becomes before the create form's own rules judge it (docs/rules/data-exchange.md#cell-values):
// the spellings exports use for numbers, yes/no, phone numbers, ZIP+4 and payment terms, turned into what the form
// would have been given. A cell these do not recognise goes on as it is, and the form's rule names the problem.

/** Several addresses or numbers in one cell (Jobber's "E-mails", "Main Phone #s"): the first. */
export function firstOf(text: string): string {
  return (
    text
      .split(/[,;\n]|\s\/\s/)
      .map((part) => part.trim())
      .find(Boolean) ?? ''
  );
}

/** A US number with its country code (+1 555 333 1234) as the form's 10 digits; any other text as it is. */
export function usPhone(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : text;
}

/** ZIP+4 (62704-1234) as its five-digit ZIP. */
export function zip5(text: string): string {
  return /^\d{5}-?\d{4}$/.test(text) ? text.slice(0, 5) : text;
}

const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/** A number written with thousands separators (1,250) or a money amount with its dollar sign ($1,250.00), plain. */
export function plainNumber(text: string): string {
  const bare = text.replace(/^\$\s*/, '');
  return GROUPED.test(bare) ? bare.replace(/,/g, '') : bare;
}

/** Minutes as a number (what the service form sends): "90", "90 min", "90 minutes"; blank is left out. */
export function minutes(text: string): number | string | undefined {
  if (!text) return undefined;
  const m = /^(\d{1,6})\s*(?:m|min|mins|minutes?)?$/i.exec(text);
  return m ? Number(m[1]) : text;
}

const YES = new Set(['yes', 'y', 'true', 't', '1', 'x', 'on', 'active', 'enabled']);
const NO = new Set(['no', 'n', 'false', 'f', '0', 'off', 'inactive', 'disabled']);

/** Yes/No, True/False, 1/0, X (a ticked box), Active/Inactive; blank is left out. */
export function yesNo(text: string): boolean | string | undefined {
  if (!text) return undefined;
  const word = text.toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return text;
}

const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * One of the form's values, written as the value (net30), its words (Net 30, Net 30 days) or a known alias (COD);
 * anything else as it is.
 */
export function choice(text: string, values: readonly string[], aliases: Record<string, string> = {}): string {
  if (!text) return text;
  const key = compact(text).replace(/days$/, '');
  return values.find((v) => compact(v) === key) ?? aliases[key] ?? text;
}

/** The parts that hold something, joined: a street and its second line, a city, state and ZIP. */
export function joined(parts: string[], by: string): string {
  return parts.filter(Boolean).join(by);
}
