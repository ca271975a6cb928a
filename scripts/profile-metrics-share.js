#!/usr/bin/env node
// Share of the service's CPU spent recording metrics, read from a CPU profile of the production
// build under load (metrics on). A profile attributes each sample to code, so the figure does not
// depend on how busy the machine is; comparing two processes' CPU time (measure-metrics-overhead.js)
// does, and on two shared cores its noise is larger than the 2% it is asked to resolve.
//
//   npm run build && node scripts/profile-metrics-share.js [seconds=15]
//
// A sample counts as recording when the nearest code that owns it (walking from the leaf up past
// Node's internals) is Quarry's observability module, prom-client, or the Fastify onResponse hook
// runner that exists only because the metrics hook is registered. Model calls that the metrics
// wrapper times are owned by the model code they run, so they are not counted.
'use strict';
const { spawn } = require('node:child_process');
const { mkdtempSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const autocannon = require('autocannon');
const { startMetricsCostUpstreams } = require('./support/metrics-cost-upstreams');

const SECONDS = Number(process.argv[2] ?? 15);
const WARM_UP_SECONDS = 3;
const BUILTIN = 'f3940a4c-6411-599a-84a5-f1cc0898e3f3';
const MAIN = process.env.QUARRY_DIST ?? join(__dirname, '..', 'dist', 'main.js');

function load(url, options, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 10, duration: seconds, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

function ownerOf(frame) {
  const { url, functionName } = frame;
  if (url.includes('/dist/observability/')) return 'recording';
  if (url.includes('/node_modules/prom-client/')) return 'recording';
  if (
    url.includes('/node_modules/fastify/lib/hooks.js') &&
    functionName === 'onResponseHookIterator'
  ) {
    return 'recording';
  }
  if (url.includes('/dist/') || url.includes('/node_modules/')) return 'other';
  return undefined; // Node internals, builtins, natives: owned by whoever called them
}

/** Recording share of the busy samples taken after `fromMicros` into the profile. */
function recordingShare(profile, fromMicros) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const owners = new Map();
  const ownerOfNode = (id) => {
    if (owners.has(id)) return owners.get(id);
    let owner;
    for (let at = id; at !== undefined && owner === undefined; at = parents.get(at)) {
      owner = ownerOf(nodes.get(at).callFrame);
    }
    owners.set(id, owner ?? 'other');
    return owners.get(id);
  };
  let elapsed = 0;
  let busy = 0;
  let recording = 0;
  profile.samples.forEach((id, i) => {
    elapsed += profile.timeDeltas[i];
    if (elapsed < fromMicros) return;
    if (nodes.get(id).callFrame.functionName === '(idle)') return;
    busy++;
    if (ownerOfNode(id) === 'recording') recording++;
  });
  return { busy, recording };
}

async function profileCase(name, target, env) {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-metrics-profile-'));
  const port = 24000 + Math.floor(Math.random() * 1000);
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ['--cpu-prof', '--cpu-prof-interval', '200', '--cpu-prof-dir', dir, MAIN],
    {
      env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 120) throw new Error(`${name}: the service did not start`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const url = `http://127.0.0.1:${port}${target.path}`;
    await load(url, target, WARM_UP_SECONDS);
    const measuredFrom = (Date.now() - started) * 1000;
    const result = await load(url, target, SECONDS);
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: failed requests`);
    child.kill('SIGTERM');
    await exited;
    const file = readdirSync(dir).find((entry) => entry.endsWith('.cpuprofile'));
    if (!file) throw new Error(`${name}: no profile written`);
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    return { name, requests: result.requests.total, ...recordingShare(profile, measuredFrom) };
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const upstreams = await startMetricsCostUpstreams();
  const env = { ...upstreams.env, METRICS_ENABLED: 'true' };
  const search = (stream) => ({
    path: '/api/search',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      chatModel: { providerId: BUILTIN, key: 'extractive' },
      embeddingModel: { providerId: BUILTIN, key: 'hashing' },
      sources: ['web'],
      optimizationMode: 'speed',
      query: 'How does VACUUM reclaim storage?',
      stream,
    }),
  });
  const cases = {
    'proxied GET': { path: '/api/v1/discover/feed' },
    'speed search (plain)': search(false),
    'speed search (streamed)': search(true),
  };
  const rows = [];
  try {
    for (const [name, target] of Object.entries(cases)) {
      if (process.env.ONLY && !name.startsWith(process.env.ONLY)) continue;
      rows.push(await profileCase(name, target, env));
    }
  } finally {
    upstreams.close();
  }
  console.log(`| case | requests | busy samples | recording samples | recording share of CPU |`);
  console.log('|---|---|---|---|---|');
  for (const { name, requests, busy, recording } of rows) {
    const share = ((recording / busy) * 100).toFixed(2);
    console.log(`| ${name} | ${requests} | ${busy} | ${recording} | ${share}% |`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
