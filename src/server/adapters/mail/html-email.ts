// The HTML part of a customer e-mail, beside its plain text (docs/features.md, Documents and e-mails).
// Mail programs drop <style> blocks and block remote content, so: inline styles on a table layout, every
// text escaped, and no image but the organization's logo from this installation's own address.

export interface HtmlEmail {
  /** The organization: its name heads the message, above its logo when it has one. */
  brand: { name: string; logoUrl?: string | null };
  /** "Invoice INV-00012" */
  heading: string;
  /** Opening paragraphs ("Hello Pat,", "Please find attached …"). */
  paragraphs: string[];
  /** Line items: description and amount (none for an e-mail about no document). */
  items?: { description: string; detail: string; amount: string }[];
  /** The key facts: dates, subtotal, tax, total, balance; label and value; `strong` rows stand out. */
  summary?: { label: string; value: string; strong?: boolean }[];
  /** The pay or portal button. */
  button?: { label: string; url: string } | null;
  /** Notes and closing words, after the figures. */
  after?: string[];
  /** The organization's contact lines, at the foot (none on the installation's own e-mails). */
  signature?: string[];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Text with its line breaks kept. */
const multiline = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');

/**
 * Only web addresses go into href and src: never javascript:, data: or the like. The address is kept as
 * given (not normalized), so the mailer's masking of a secret link finds it (adapters/mail/mailer.ts).
 */
function webUrl(url: string | null | undefined, also: string[] = []): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' || also.includes(u.protocol) ? url : null;
  } catch {
    return null;
  }
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export function renderHtmlEmail(e: HtmlEmail): string {
  const logo = webUrl(e.brand.logoUrl);
  // A button may also write to the business (mailto:); an image only loads from the web.
  const button = e.button ? webUrl(e.button.url, ['mailto:']) : null;
  const p = (s: string) => `<p style="margin:0 0 12px;${FONT};font-size:15px;line-height:22px;color:#1f2937">${multiline(s)}</p>`;
  const itemRows = e.items ?? [];
  const summaryRows = e.summary ?? [];
  const items = itemRows.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:8px 0 4px">${itemRows
        .map(
          (i) =>
            `<tr><td style="padding:8px 0;border-bottom:1px solid #e5e7eb;${FONT};font-size:14px;color:#1f2937">${escapeHtml(i.description)}` +
            `<div style="font-size:12px;color:#6b7280">${escapeHtml(i.detail)}</div></td>` +
            `<td align="right" style="padding:8px 0;border-bottom:1px solid #e5e7eb;${FONT};font-size:14px;color:#1f2937;white-space:nowrap">${escapeHtml(i.amount)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const summary = summaryRows.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:8px 0 16px">${summaryRows
    .map((r) => {
      const weight = r.strong ? 'font-weight:700;font-size:16px' : 'font-size:14px';
      // Amounts stay on one line; a long fact (a date with its time zone) wraps on a phone instead of widening the page.
      const wrap = r.value.length > 16 ? '' : ';white-space:nowrap';
      return (
        `<tr><td style="padding:4px 0;${FONT};${weight};color:#1f2937">${escapeHtml(r.label)}</td>` +
        `<td align="right" style="padding:4px 0 4px 12px;${FONT};${weight};color:#1f2937${wrap}">${escapeHtml(r.value)}</td></tr>`
      );
    })
    .join('')}</table>`
    : '';
  const cta =
    e.button && button
      ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 20px"><tr><td style="border-radius:6px;background:#1e3a5f">` +
        `<a href="${escapeHtml(button)}" style="display:inline-block;padding:12px 22px;${FONT};font-size:15px;font-weight:600;color:#ffffff;text-decoration:none">${escapeHtml(e.button.label)}</a>` +
        `</td></tr></table>`
      : '';
  const head =
    (logo ? `<img src="${escapeHtml(logo)}" alt="" height="48" style="display:block;max-height:48px;max-width:200px;border:0;margin:0 0 10px">` : '') +
    `<div style="${FONT};font-size:18px;font-weight:700;color:#1f2937">${escapeHtml(e.brand.name)}</div>`;
  return [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(e.heading)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f3f4f6">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">',
    `<tr><td style="padding:24px 28px;border-bottom:1px solid #e5e7eb">${head}</td></tr>`,
    `<tr><td style="padding:24px 28px">`,
    `<h1 style="margin:0 0 16px;${FONT};font-size:20px;color:#1e3a5f">${escapeHtml(e.heading)}</h1>`,
    e.paragraphs.map(p).join(''),
    items,
    summary,
    cta,
    (e.after ?? []).map(p).join(''),
    '</td></tr>',
    e.signature?.length
      ? `<tr><td style="padding:16px 28px 24px;border-top:1px solid #e5e7eb;${FONT};font-size:12px;line-height:18px;color:#6b7280">${e.signature.map(escapeHtml).join('<br>')}</td></tr>`
      : '',
    '</table></td></tr></table></body></html>',
  ].join('\n');
}

/**
 * The installation's own e-mails (sign-in and registration codes) are no organization's: a plain page under the
 * product's name, the code standing out, nothing else to click.
 */
export function renderCodeEmail(c: { heading: string; paragraphs: string[]; code: string; after: string[] }): string {
  return renderHtmlEmail({
    brand: { name: 'Tradebook' },
    heading: c.heading,
    paragraphs: c.paragraphs,
    summary: [{ label: 'Your code', value: c.code, strong: true }],
    after: c.after,
  });
}
