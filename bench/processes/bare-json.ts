import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { listenAndAnnounceFastify } from './listening';

// Baseline for GET /api/providers: a bare Fastify route returning the same JSON document.
const document = JSON.parse(readFileSync(process.argv[2], 'utf8')) as unknown;
const app = Fastify({ logger: false });
app.get('/api/providers', () => document);
listenAndAnnounceFastify(app);
