import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText, solidPng } from '../../features/documents/documents.test-kit';
import { renderDocumentPdf, type PdfDocumentModel } from './document-pdf';

const model = (lines: number, extra: Partial<PdfDocumentModel> = {}): PdfDocumentModel => ({
  title: 'INVOICE',
  number: 'INV-00001',
  issuer: { name: "Zoë O'Brien Plumbing", lines: ['12 Pipe Rd', null, '  ', 'Springfield, IL 62701'] },
  recipient: { heading: 'Bill to', name: 'José Müller-Łódź', lines: ['Müller GmbH'] },
  details: [{ label: 'Due date', value: 'Nov 21, 2026' }],
  lineItems: Array.from({ length: lines }, (_, i) => ({ description: `Line ${i + 1}`, quantity: '1', rate: '$1.00', amount: '$1.00' })),
  totals: [
    { label: 'Total', value: `$${lines}.00`, strong: true },
    { label: 'Balance due', value: `$${lines}.00`, highlight: true },
  ],
  sections: [{ heading: 'Notes', text: 'Thank you' }],
  footer: 'Thank you for your business',
  ...extra,
});

describe('document PDF', () => {
  it('prints the names as written, with a readable logo or without an unreadable one', async () => {
    for (const logo of [solidPng(60, 20, [200, 40, 40]), Buffer.from('GIF89a not really'), null]) {
      const pdf = await renderDocumentPdf(model(3, { issuer: { name: "Zoë O'Brien Plumbing", logo, lines: [] } }));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(pdf);
      expect(text).toContain('José Müller-Łódź');
      expect(text).toContain("Zoë O'Brien Plumbing");
      expect(text).toContain('INV-00001');
    }
  });

  it('breaks 200 line items over pages with the table header on each, and renders quickly once warm', async () => {
    await renderDocumentPdf(model(200));
    const started = performance.now();
    const pdf = await renderDocumentPdf(model(200));
    const ms = performance.now() - started;
    console.info(`200-line document PDF (warm): ${ms.toFixed(0)} ms`);
    const pages = await pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(3);
    const text = await pdfText(pdf);
    expect(text.match(/DESCRIPTION/g)).toHaveLength(pages);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Line 200');
  });

  it('copes with an empty table, huge figures and text longer than a page', async () => {
    const long = 'word '.repeat(3000);
    const pdf = await renderDocumentPdf(
      model(0, {
        number: 'INV-'.padEnd(60, '9'),
        lineItems: [{ description: long.slice(0, 2000), quantity: '99999999.99', rate: '$99,999,999.99', amount: '$99,999,999.99' }],
        sections: [{ heading: 'Notes', text: long }],
      }),
    );
    expect(await pdfPageCount(pdf)).toBeGreaterThan(1);
    expect(await pdfText(await renderDocumentPdf(model(0)))).toContain('No line items');
  });
});
