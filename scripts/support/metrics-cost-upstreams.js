'use strict';
// The local upstreams both metrics-cost scripts load the service against: a sibling service for
// proxied requests and a SearxNG JSON endpoint with five results, answering at once.
const http = require('node:http');

function listen(handler) {
  const server = http.createServer({ keepAliveTimeout: 60_000 }, handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Starts the upstreams; `env` points a service at them, `close()` stops them. */
async function startMetricsCostUpstreams() {
  const sibling = await listen((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true,"items":[1,2,3]}');
  });
  const results = [1, 2, 3, 4, 5].map((i) => ({
    url: `https://docs.example.org/vacuum-${i}`,
    title: `VACUUM page ${i}`,
    content: `VACUUM reclaims storage occupied by dead tuples; part ${i} explains when to run it.`,
  }));
  const searx = await listen((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ query: 'q', results }));
  });
  return {
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      AUTH_REQUIRED: 'false',
      RATE_LIMIT_MAX: '0',
      SEARCH_MAX_CONCURRENT_PER_CLIENT: '100000',
      SEARCH_CACHE_TTL_MS: '0',
      DISCOVER_SVC_URL: `http://127.0.0.1:${sibling.address().port}`,
      SEARXNG_URL: `http://127.0.0.1:${searx.address().port}`,
    },
    close() {
      sibling.close();
      searx.close();
    },
  };
}

module.exports = { startMetricsCostUpstreams };
