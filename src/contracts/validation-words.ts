// Validation messages in words, for the server's answers and the forms alike (ADR 010, docs/api.md).
// A schema's own message ('Name is required', the documented texts of docs/rules) always wins; these words replace only zod's
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

export { fieldLabel, issueSentence } from './field-words';
