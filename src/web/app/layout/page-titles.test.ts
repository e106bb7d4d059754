import { describe, expect, it } from 'vitest';
import { labelsFor } from '@contracts/vocabulary';
import { pageTitleFor } from '@/app/layout/page-titles';

describe('pageTitleFor', () => {
  it('follows the documented table of page titles', () => {
    expect(pageTitleFor('/')).toBe('Dashboard');
    expect(pageTitleFor('/work-orders')).toBe('Work Orders');
    expect(pageTitleFor('/super-admin')).toBe('Super User Administration');
    expect(pageTitleFor('/url-shortener')).toBe('URL Shortener');
    expect(pageTitleFor('/team')).toBe('Team');
    expect(pageTitleFor('/dispatch')).toBe('Dispatch');
    expect(pageTitleFor('/my-day')).toBe('My day');
    expect(pageTitleFor('/accounting')).toBe('Accounting');
    expect(pageTitleFor('/developers')).toBe('Developers');
    expect(pageTitleFor('/customers/')).toBe('Customers');
    expect(pageTitleFor('/imports')).toBe('Import data');
  });

  it('reads Dashboard for any other path', () => {
    expect(pageTitleFor('/payment-links')).toBe('Dashboard');
    expect(pageTitleFor('/anything')).toBe('Dashboard');
  });

  it("names record screens in the organization's words, as its menu does", () => {
    const dental = labelsFor('Healthcare');
    expect(pageTitleFor('/customers', dental)).toBe('Patients');
    expect(pageTitleFor('/work-orders/', dental)).toBe('Procedures');
    expect(pageTitleFor('/invoices', dental)).toBe('Medical Bills');
    expect(pageTitleFor('/estimates', dental)).toBe('Treatment Plans');
    expect(pageTitleFor('/inventory', dental)).toBe('Chiropractic Approach');
    expect(pageTitleFor('/payments', dental)).toBe('Payments');
    expect(pageTitleFor('/invoices', labelsFor(null))).toBe('Invoices');
    expect(pageTitleFor('/customers', labelsFor('Healthcare', { customers: 'Guests' }))).toBe('Guests');
  });
});
