import { describe, expect, it } from 'vitest';
import { INDUSTRIES, industryKey, labelsFor, singular } from './vocabulary';

describe('industry vocabulary', () => {
  it('matches exactly, then case-insensitively in part, then falls back to Default', () => {
    expect(labelsFor('Healthcare').customers).toBe('Patients');
    expect(labelsFor('automotive repair').workOrders).toBe('Repair Jobs');
    expect(industryKey('CONSTRUCTION')).toBe('Construction');
    expect(labelsFor('Underwater Basket Weaving')).toEqual({
      customers: 'Customers', workOrders: 'Work Orders', estimates: 'Estimates', invoices: 'Invoices', inventory: 'Inventory',
    });
    expect(labelsFor(null).invoices).toBe('Invoices');
  });

  it('lets an organization override single labels', () => {
    expect(labelsFor('Healthcare', { inventory: 'Services', customers: ' ' })).toMatchObject({ inventory: 'Services', customers: 'Patients' });
  });

  it('lists industries sorted without Default', () => {
    expect(INDUSTRIES).not.toContain('Default');
    expect([...INDUSTRIES]).toEqual([...INDUSTRIES].sort((a, b) => a.localeCompare(b)));
    expect(INDUSTRIES).toHaveLength(10);
  });

  it('makes singular labels for buttons', () => {
    expect(singular('Customers')).toBe('Customer');
    expect(singular('Patients')).toBe('Patient');
    expect(singular('Pet Owners')).toBe('Pet Owner');
    expect(singular('Service Bills')).toBe('Service Bill');
    expect(singular('Treatment Plans')).toBe('Treatment Plan');
    expect(singular('Fee Estimates')).toBe('Fee Estimate');
  });
});
