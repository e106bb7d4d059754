import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, issueSentence } from './validation-words';

// zod's own texts ("Too big: expected string to have <=100 characters") become words (ADR 010, docs/api.md).
const messageOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected a refusal');
  return r.error.issues[0].message;
};

describe('validation messages in words', () => {
  it('lengths, bounds and counts', () => {
    expect(messageOf(z.string().max(100), 'x'.repeat(101))).toBe('Must be at most 100 characters');
    expect(messageOf(z.string().min(2), 'x')).toBe('Must be at least 2 characters');
    expect(messageOf(z.string().min(1), '')).toBe('Required');
    expect(messageOf(z.number().min(0.01), 0)).toBe('Must be 0.01 or more');
    expect(messageOf(z.number().max(10_000), 10_001)).toBe('Must be 10,000 or less');
    expect(messageOf(z.number().positive(), 0)).toBe('Must be more than 0');
    expect(messageOf(z.number().lt(5), 5)).toBe('Must be less than 5');
    expect(messageOf(z.array(z.string()).min(1), [])).toBe('Add at least one');
    expect(messageOf(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('Must have at most 2 items');
    expect(messageOf(z.number().multipleOf(15), 20)).toBe('Must be a multiple of 15');
  });

  it('types, formats, choices and unknown fields', () => {
    expect(messageOf(z.object({ a: z.string() }), {})).toBe('Required');
    expect(messageOf(z.string(), 5)).toBe('Must be text');
    expect(messageOf(z.number(), 'x')).toBe('Must be a number');
    expect(messageOf(z.number().int(), 1.5)).toBe('Must be a whole number');
    expect(messageOf(z.boolean(), 'yes')).toBe('Must be true or false');
    expect(messageOf(z.email(), 'x@')).toBe('Must be a valid e-mail address');
    expect(messageOf(z.url(), 'nope')).toBe('Must be a valid URL');
    expect(messageOf(z.string().regex(/^\d+$/), 'a')).toBe('Is not in the expected format');
    expect(messageOf(z.string().startsWith('sk_'), 'pk_1')).toBe('Must start with "sk_"');
    expect(messageOf(z.enum(['card', 'bank']), 'cash')).toBe('Must be one of: card, bank');
    expect(messageOf(z.strictObject({}), { extra: 1 })).toBe('Unknown field: extra');
  });

  it("keeps a schema's own message (the documented texts)", () => {
    expect(messageOf(z.string().max(3, 'Title must be at most 3 characters'), 'abcd')).toBe('Title must be at most 3 characters');
  });

  it('never answers zod raw text', () => {
    const schemas: [z.ZodType, unknown][] = [[z.string().max(1), 'ab'], [z.number().min(1), 0], [z.string(), undefined], [z.literal('a'), 'b'], [z.union([z.string(), z.number()]), null]];
    for (const [schema, value] of schemas) expect(messageOf(schema, value)).not.toMatch(/Too (big|small)|expected|Invalid input|received/);
  });
});

describe('field labels and sentences', () => {
  it('names a path in words', () => {
    expect(fieldLabel('lineItems.0.amount')).toBe('Line 1, amount');
    expect(fieldLabel(['lineItems', 2, 'description'])).toBe('Line 3, description');
    expect(fieldLabel('customerId')).toBe('Customer');
    expect(fieldLabel('dueDate')).toBe('Due date');
    expect(fieldLabel('email')).toBe('E-mail');
    expect(fieldLabel('recipients.1')).toBe('Recipient 2');
    expect(fieldLabel('bank.routingNumber')).toBe('Bank, routing number');
  });

  it('puts the label before a message that does not name the field, and leaves one that does', () => {
    expect(issueSentence('amount', 'Must be 0.01 or more')).toBe('Amount: must be 0.01 or more');
    expect(issueSentence('lineItems.0.amount', 'Is too large')).toBe('Line 1, amount: is too large');
    expect(issueSentence('name', 'Must be at most 100 characters')).toBe('Name: must be at most 100 characters');
    expect(issueSentence('name', 'Name is required')).toBe('Name is required');
    expect(issueSentence('customerId', 'Please select a customer')).toBe('Please select a customer');
    expect(issueSentence('email', 'Please enter a valid email address')).toBe('Please enter a valid email address');
    expect(issueSentence('lineItems.1.description', 'Description is required')).toBe('Line 2: description is required');
    expect(issueSentence('url', 'URL is not reachable')).toBe('URL is not reachable');
    expect(issueSentence('body', 'Must be an object')).toBe('Must be an object');
    expect(issueSentence([], 'Invalid input')).toBe('Invalid input');
  });
});
