import proxy from '@fastify/http-proxy';
import Fastify from 'fastify';

// Baseline (b): the thinnest well-kept Fastify proxy, forwarding the same prefix to the same upstream.
const upstream = process.argv[2];
const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
void app.register(proxy, { upstream, prefix: '/api/v1/discover', rewritePrefix: '/api/v1/discover' });
app.listen({ port: 0, host: '127.0.0.1' }).then(
  (address) => process.stdout.write(`LISTENING ${address}\n`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
