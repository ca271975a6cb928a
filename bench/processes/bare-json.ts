import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { listenAndAnnounceFastify } from './listening';
import { addQuarryReplyHeaders } from './quarry-like-headers';

// Baseline for GET /api/providers: a bare Fastify route returning the same JSON document; with a
// second argument, also sending the headers Quarry adds to every reply.
const document = JSON.parse(readFileSync(process.argv[2], 'utf8')) as unknown;
const app = Fastify({ logger: false });
addQuarryReplyHeaders(app, process.argv[3]);
app.get('/api/providers', () => document);
listenAndAnnounceFastify(app);
