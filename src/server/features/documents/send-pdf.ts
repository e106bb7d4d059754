import type { FastifyReply } from 'fastify';

/**
 * `attachment; filename="invoice-INV-00001.pdf"`. A name with other characters (a renamed number such
 * as "2026-Łódź-7") gets an ASCII fallback plus the exact name as RFC 6266 `filename*`.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  if (ascii === fileName) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(fileName).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A PDF download, kept out of shared caches. */
export function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer) {
  return reply.type('application/pdf').header('Content-Disposition', contentDisposition(fileName)).header('Cache-Control', 'private, no-store').send(pdf);
}
