import { describe, expect, it } from 'vitest';
import { labelsFor } from '@contracts/vocabulary';
import { GUIDE_SECTIONS, guideSectionsFor } from '@/features/user-guide/guide-sections';

describe('guideSectionsFor', () => {
  it("titles a renamed screen's section with the organization's word and says what the guide calls it", () => {
    const titles = Object.fromEntries(guideSectionsFor(labelsFor('Healthcare')).map((s) => [s.id, s.title]));
    expect(titles.customers).toBe('Patients (customers in this guide)');
    expect(titles['work-orders']).toBe('Procedures (work orders in this guide)');
    expect(titles.invoices).toBe('Medical Bills (invoices in this guide)');
    expect(titles.payments).toBe('Payments and payment links');
  });

  it('keeps the guide as written for the general vocabulary and for words an industry does not change', () => {
    expect(guideSectionsFor(labelsFor(null))).toEqual(GUIDE_SECTIONS);
    const home = Object.fromEntries(guideSectionsFor(labelsFor('Home Services')).map((s) => [s.id, s.title]));
    expect(home.customers).toBe('Customers');
    expect(home.invoices).toBe('Service Bills (invoices in this guide)');
  });
});
