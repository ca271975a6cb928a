import { createServer } from 'node:http';
import { listenAndAnnounce } from './listening';

// Receives webhook POSTs and answers 200 with a small JSON body once the whole body has arrived.
listenAndAnnounce(
  createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 11 });
      res.end('{"ok":true}');
    });
  }),
);
