import { describe, expect, it } from 'vitest';
import { pageTitleFor } from '@/app/layout/page-titles';

describe('pageTitleFor', () => {
  it('follows the documented table of page titles', () => {
    expect(pageTitleFor('/')).toBe('Dashboard');
    expect(pageTitleFor('/work-orders')).toBe('Work Orders');
    expect(pageTitleFor('/super-admin')).toBe('Super User Administration');
    expect(pageTitleFor('/url-shortener')).toBe('URL Shortener');
    expect(pageTitleFor('/customers/')).toBe('Customers');
  });

  it('reads Dashboard for any other path', () => {
    expect(pageTitleFor('/payment-links')).toBe('Dashboard');
    expect(pageTitleFor('/anything')).toBe('Dashboard');
  });
});
