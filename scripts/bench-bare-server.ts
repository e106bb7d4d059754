// The baseline of `npm run bench`: a bare Fastify route per call answering the same JSON from memory, so the
// app's figures read as a ratio of what Node and Fastify alone can do on this machine. The bench hands it each
// answer (PUT /__body?url=...); given the Accept-Encoding the bench sends, it compresses the answer once, as the
// app's response cache keeps it, and sends those bytes.
//   tsx scripts/bench-bare-server.ts PORT [ACCEPT-ENCODING]
import Fastify from 'fastify';
import { compressText, encodingFor, setContentEncoding, type ContentEncoding } from '../src/server/platform/compression';

const [port, acceptEncoding = 'identity'] = process.argv.slice(2);
const contentType = 'application/json; charset=utf-8';
const sent = new Map<string, { body: string | Buffer; encoding?: ContentEncoding }>();
const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });

app.put<{ Querystring: { url: string }; Body: string }>('/__body', async (req, reply) => {
  const text = req.body;
  const encoding = encodingFor({ 'accept-encoding': acceptEncoding }, contentType, text);
  sent.set(req.query.url, { body: encoding ? await compressText(text, encoding) : text, encoding });
  return reply.code(204).send();
});

app.get('/*', (req, reply) => {
  const answer = sent.get(req.url);
  if (answer === undefined) return reply.code(404).send({ message: 'Not found' });
  if (answer.encoding) setContentEncoding(reply, answer.encoding);
  return reply.header('content-type', contentType).send(answer.body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
