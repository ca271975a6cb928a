#!/usr/bin/env node
// Cost of recording metrics, measured as service CPU per request: two production builds side by
// side (METRICS_ENABLED=true and false) against the same local upstreams, loaded in interleaved
// rounds so drift on shared cores hits both alike. CPU comes from /proc/<pid>/stat (Linux only).
//
//   npm run build && node scripts/measure-metrics-overhead.js [rounds=6] [seconds=5]
//   ONLY=proxied ...   one case only;   AA_CHECK=1 ...   both services with metrics off (the
//   method's own noise: what "on vs off" shows when there is no difference)
//   BASELINE_MAIN=/path/to/other/dist/main.js ...   this build against another one, both with
//   metrics on (a before/after comparison of a change: "on" is this build, "off" the other)
'use strict';
const { spawn } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const autocannon = require('autocannon');
const { startMetricsCostUpstreams } = require('./support/metrics-cost-upstreams');

const ROUNDS = Number(process.argv[2] ?? 6);
const SECONDS = Number(process.argv[3] ?? 5);
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const BUILTIN = 'f3940a4c-6411-599a-84a5-f1cc0898e3f3';

function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}

async function startService(port, env, main = join(__dirname, '..', 'dist', 'main.js')) {
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`service on ${port} did not start`);
}

function load(url, options) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 10, duration: SECONDS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function main() {
  const upstreams = await startMetricsCostUpstreams();
  const { env } = upstreams;
  const ports = { on: 23000 + Math.floor(Math.random() * 1000), off: 0 };
  ports.off = ports.on + 1;
  const services = {
    on: await startService(ports.on, {
      ...env,
      METRICS_ENABLED: process.env.AA_CHECK && !process.env.BASELINE_MAIN ? 'false' : 'true',
    }),
    off: process.env.BASELINE_MAIN
      ? await startService(
          ports.off,
          { ...env, METRICS_ENABLED: 'true' },
          process.env.BASELINE_MAIN,
        )
      : await startService(ports.off, { ...env, METRICS_ENABLED: 'false' }),
  };
  const search = JSON.stringify({
    chatModel: { providerId: BUILTIN, key: 'extractive' },
    embeddingModel: { providerId: BUILTIN, key: 'hashing' },
    sources: ['web'],
    optimizationMode: 'speed',
    query: 'How does VACUUM reclaim storage?',
  });
  const targets = {
    'proxied GET': { path: '/api/v1/discover/feed' },
    'speed search (plain)': {
      path: '/api/search',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: search,
    },
  };
  const samples = {};
  try {
    for (const [name, target] of Object.entries(targets)) {
      if (process.env.ONLY && !name.startsWith(process.env.ONLY)) continue;
      samples[name] = { on: [], off: [] };
      for (const setting of ['on', 'off']) {
        await load(`http://127.0.0.1:${ports[setting]}${target.path}`, { ...target, duration: 2 });
      }
      for (let round = 0; round < ROUNDS; round++) {
        // ABBA order: neither setting always runs first.
        const order = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
        for (const setting of order) {
          const pid = services[setting].pid;
          const before = cpuTicks(pid);
          const result = await load(`http://127.0.0.1:${ports[setting]}${target.path}`, target);
          const ticks = cpuTicks(pid) - before;
          const requests = result.requests.total;
          if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: failed requests`);
          samples[name][setting].push((ticks / TICKS_PER_SECOND / requests) * 1e6);
        }
      }
    }
  } finally {
    services.on.kill();
    services.off.kill();
    upstreams.close();
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`| case | CPU us/req metrics on (median of ${ROUNDS}) | off | on vs off |`);
  console.log('|---|---|---|---|');
  for (const [name, { on, off }] of Object.entries(samples)) {
    const a = median(on);
    const b = median(off);
    console.log(
      `| ${name} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${(((a - b) / b) * 100).toFixed(1)}% |`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
