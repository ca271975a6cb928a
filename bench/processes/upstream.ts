import { createServer } from 'node:http';
import { listenAndAnnounce } from './listening';

// The sibling behind the proxy: a small JSON answer to GET, the byte count of a POST body.
const small = JSON.stringify({ items: [{ id: 1, title: 'bench' }], region: 'auto' });

listenAndAnnounce(
  createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(small) });
      res.end(small);
      return;
    }
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      const body = `{"received":${bytes}}`;
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    });
  }),
);
