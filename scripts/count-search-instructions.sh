#!/usr/bin/env bash
# Instructions per zero-latency search, counted by valgrind's callgrind: repeatable whatever else
# the machine runs, so two builds can be compared on a busy machine (seconds of CPU cannot).
#
#   npm run build && npx tsc -p tsconfig.bench.json
#   bash scripts/count-search-instructions.sh [build root, default .] [mode, default speed]
#
# The service (BUILD/dist/main.js, under valgrind) searches `web` through the bench's fakes
# (dist-bench: SearxNG with 10 results, an OpenAI-compatible embedding and chat server); WARM
# searches (300) warm it up, then instrumentation is switched on for N searches (300).
set -euo pipefail
HERE=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-.}" && pwd)
MODE=${2:-speed}
N=${N:-300}
WARM=${WARM:-300}
OUT=$(mktemp -d)
trap 'kill "${VALGRIND:-}" "${UPSTREAM:-}" 2>/dev/null || true; rm -rf "$OUT"' EXIT

node "$HERE/dist-bench/bench/processes/stream-upstreams.js" > "$OUT/upstream" &
UPSTREAM=$!
until grep -q LISTENING "$OUT/upstream" 2>/dev/null; do sleep 0.2; done
UPSTREAM_URL=$(grep -o 'LISTENING [^ ]*' "$OUT/upstream" | cut -d' ' -f2)
PORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')

cd "$BUILD"
env -i PATH="$PATH" NODE_ENV=production LOG_LEVEL=warn AUTH_REQUIRED=false RATE_LIMIT_MAX=0 \
  SEARCH_MAX_CONCURRENT_PER_CLIENT=100000 SEARCH_CACHE_TTL_MS=0 PORT="$PORT" \
  SEARXNG_URL="$UPSTREAM_URL" OPENAI_BASE_URL="$UPSTREAM_URL/v1" OPENAI_API_KEY=bench-key \
  PROVIDER_STARTUP_WAIT_MS=300000 \
  valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$OUT/callgrind.%p" \
  node --max-semi-space-size=16 --heap-growing-percent=100 dist/main.js > "$OUT/service" 2>&1 &
VALGRIND=$!
until curl -sf -o /dev/null "http://127.0.0.1:$PORT/health"; do sleep 1; done

node - "http://127.0.0.1:$PORT" "$MODE" "$WARM" "$N" "$VALGRIND" <<'JS'
const { execFileSync } = require('node:child_process');
const [origin, mode, warm, n, pid] = process.argv.slice(2);
(async () => {
  const { providers } = await (await fetch(`${origin}/api/providers`)).json();
  const provider = providers.find((p) => p.chatModels.some((m) => m.key === 'bench-fast'));
  const body = JSON.stringify({
    chatModel: { providerId: provider.id, key: 'bench-fast' },
    embeddingModel: { providerId: provider.id, key: 'bench-embed' },
    sources: ['web'],
    query: 'How fast is the gateway?',
    optimizationMode: mode,
  });
  const searches = async (count) => {
    for (let i = 0; i < count; i++) {
      const res = await fetch(`${origin}/api/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      if (!res.ok) throw new Error(`search answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await searches(Number(warm));
  execFileSync('callgrind_control', ['-i', 'on', pid], { stdio: 'ignore' });
  await searches(Number(n));
  execFileSync('callgrind_control', ['-i', 'off', pid], { stdio: 'ignore' });
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
JS

kill -TERM "$VALGRIND"
wait "$VALGRIND" 2>/dev/null || true
TOTAL=$(cat "$OUT"/callgrind.* | awk '/^totals:/ { sum += $2 } END { print sum }')
echo "$MODE search, $(basename "$BUILD"): $TOTAL instructions over $N searches, $((TOTAL / N)) per search"
