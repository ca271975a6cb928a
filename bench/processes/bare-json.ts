import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

// Baseline for GET /api/providers: a bare Fastify route returning the same JSON document.
const document = JSON.parse(readFileSync(process.argv[2], 'utf8')) as unknown;
const app = Fastify({ logger: false });
app.get('/api/providers', () => document);
app.listen({ port: 0, host: '127.0.0.1' }).then(
  (address) => process.stdout.write(`LISTENING ${address}\n`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
