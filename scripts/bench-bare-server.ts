// The baseline of `npm run bench`: a bare Fastify route per call answering the same JSON from memory, so the
// app's figures read as a ratio of what Node and Fastify alone can do on this machine. Given the Accept-Encoding
// the bench sends, each body is compressed once at start, as the app's response cache keeps it, and sent as such.
//   tsx scripts/bench-bare-server.ts PORT FILE [ACCEPT-ENCODING]   (FILE: { "/api/customers": "<json text>", ... })
import fs from 'node:fs';
import Fastify from 'fastify';
import { compressText, encodingFor, setContentEncoding } from '../src/server/platform/compression';

const [port, file, acceptEncoding = 'identity'] = process.argv.slice(2);
const bodies = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
const app = Fastify({ logger: false });
const contentType = 'application/json; charset=utf-8';
const encoding = encodingFor({ headers: { 'accept-encoding': acceptEncoding } } as never, contentType, 'x'.repeat(1 << 20));
const sent = new Map<string, string | Buffer>();
for (const [url, text] of Object.entries(bodies)) {
  const enc = encodingFor({ headers: { 'accept-encoding': acceptEncoding } } as never, contentType, text);
  sent.set(url, enc ? await compressText(text, enc) : text);
}
app.get('/*', (req, reply) => {
  const body = sent.get(req.url);
  if (body === undefined) return reply.code(404).send({ message: 'Not found' });
  if (encoding && typeof body !== 'string') setContentEncoding(reply, encoding);
  return reply.header('content-type', contentType).send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
