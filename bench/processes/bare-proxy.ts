import proxy from '@fastify/http-proxy';
import Fastify from 'fastify';
import { listenAndAnnounceFastify } from './listening';

// Baseline (b): the thinnest well-kept Fastify proxy, forwarding the same prefix to the same upstream.
const upstream = process.argv[2];
const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
void app.register(proxy, { upstream, prefix: '/api/v1/discover', rewritePrefix: '/api/v1/discover' });
listenAndAnnounceFastify(app);
