// Reads an e-mail as it crossed the wire (RFC 5322 + MIME), for tests of what the customer's mail program
// receives: headers (with RFC 2047 encoded words decoded), the text and HTML parts, the attachments.

export interface MimePart {
  headers: Record<string, string>;
  contentType: string;
  /** Decoded body: text for text parts, bytes for others. */
  body: Buffer;
  parts: MimePart[];
}

/** "=?UTF-8?Q?Zo=C3=AB?=" and "=?UTF-8?B?...?=" words decoded; other text as it is. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function qp(s: string): Buffer {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

export function parseMime(raw: string): MimePart {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const contentType = (headers['content-type'] ?? 'text/plain').split(';')[0].trim().toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (contentType.startsWith('multipart/') && boundary) {
    const chunks = body.split(`--${boundary}`).slice(1);
    const parts = chunks.filter((c) => !c.startsWith('--')).map((c) => parseMime(c.replace(/^\r?\n/, '')));
    return { headers, contentType, body: Buffer.alloc(0), parts };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const decoded = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : encoding === 'quoted-printable' ? qp(body) : Buffer.from(body, 'utf8');
  return { headers, contentType, body: decoded, parts: [] };
}

/** Every leaf part, depth first. */
export function leaves(part: MimePart): MimePart[] {
  return part.parts.length ? part.parts.flatMap(leaves) : [part];
}

/** `"Name, with \"quotes\"" <a@b>` or `=?UTF-8?Q?...?= <a@b>` as { name, address }. */
export function parseAddress(header: string): { name: string; address: string } {
  const m = /^(.*?)\s*<([^<>]+)>\s*$/.exec(decodeWords(header));
  if (!m) return { name: '', address: header.trim() };
  let name = m[1].trim();
  if (name.startsWith('"') && name.endsWith('"')) name = name.slice(1, -1).replace(/\\(.)/g, '$1');
  return { name, address: m[2].trim() };
}
