import proxy from '@fastify/http-proxy';
import Fastify from 'fastify';
import { listenAndAnnounceFastify } from './listening';
import { addQuarryReplyHeaders } from './quarry-like-headers';

// Baseline (b): the thinnest well-kept Fastify proxy, forwarding the same prefix to the same
// upstream; with a second argument, also sending the headers Quarry adds to every reply.
const upstream = process.argv[2];
const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
addQuarryReplyHeaders(app, process.argv[3]);
void app.register(proxy, { upstream, prefix: '/api/v1/discover', rewritePrefix: '/api/v1/discover' });
listenAndAnnounceFastify(app);
