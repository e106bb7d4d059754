// The baseline of `npm run bench`: a bare Fastify route per call answering the same JSON from memory, so the
// app's figures read as a ratio of what Node and Fastify alone can do on this machine.
//   tsx scripts/bench-bare-server.ts PORT FILE   (FILE: { "/api/customers": "<json text>", ... })
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const bodies = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
const app = Fastify({ logger: false });
app.get('/*', (req, reply) => {
  const body = bodies[req.url];
  if (body === undefined) return reply.code(404).send({ message: 'Not found' });
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
