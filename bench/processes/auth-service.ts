import { createServer } from 'node:http';
import { listenAndAnnounce } from './listening';

// The auth service: any bearer token is a valid user; it counts calls so the bench can show caching works.
let calls = 0;
listenAndAnnounce(
  createServer((req, res) => {
    if (req.url === '/__calls') {
      res.end(String(calls));
      return;
    }
    calls += 1;
    const ok = req.url === '/api/auth/me' && /^Bearer \S+$/.test(req.headers.authorization ?? '');
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(ok ? '{"id":"bench-user","email":"bench@example.com"}' : '{"message":"unauthorized"}');
  }),
);
