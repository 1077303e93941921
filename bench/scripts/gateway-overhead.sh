#!/usr/bin/env bash
# What the gateway adds, measured (issue figures): (a) against the embedded llama-host small model, (b) against an
# instant upstream at concurrency 1 and 32, (c) what a bare Vert.x pass-through proxy adds on the same machine (the
# floor). Builds first if needed; everything runs on loopback and stops by itself.
# Usage: bench/scripts/gateway-overhead.sh [requests]   (pairs per round against the instant upstream, default 2000:
# fewer leave the p99 difference of two tails to chance; 5 rounds at concurrency 1, 3 at 32, the median printed last;
# 20,000 warm-up pairs before the first instant-upstream run: the gateway's path keeps getting faster for that long as
# the JIT compiles it — added p50 0.41 ms after 15,000 pairs, 0.30 ms after 25,000 in one run. (a) runs 1000 pairs a
# round: each request decodes real tokens)
# (b) and (c) give the gateway (or proxy) a CPU of its own and the load generator and upstream the others (taskset), as
# in production where clients run elsewhere (on 2 cores, a shared core adds the scheduler's hand-offs to every hop).
# PIN=0 lets them share all cores. (a) is never pinned: the embedded models run inside the gateway's process.
set -euo pipefail
cd "$(dirname "$0")/../.."
REQUESTS=${1:-2000}
[ -f camel-app/target/camel-app.jar ] && [ -f bench/target/bench.jar ] || mvn -B -q install -DskipTests
JAVA="java -XX:+IgnoreUnrecognizedVMOptions --enable-native-access=ALL-UNNAMED"
# The load generator is one client: lift the per-client edge limits so they are not what gets measured.
UNLIMITED="--cascade.edge.rate-limit.requests-per-second=1000000 --cascade.edge.rate-limit.burst=1000000 --cascade.edge.max-concurrent-per-client=64"
BENCH="$JAVA -cp bench/target/bench.jar:bench/target/lib/*"
CPUS=$(nproc)
if [ "${PIN:-1}" = 1 ] && [ "$CPUS" -ge 2 ] && command -v taskset >/dev/null; then
  ON_GATEWAY_CPU="taskset -c $((CPUS - 1))"; ON_LOAD_CPUS="taskset -c 0-$((CPUS - 2))"
  echo "pinned: gateway/proxy on CPU $((CPUS - 1)); load generator and upstream on CPUs 0-$((CPUS - 2))"
else
  ON_GATEWAY_CPU=""; ON_LOAD_CPUS=""; echo "not pinned: load generator, upstream and gateway share $CPUS CPUs"
fi
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
wait_health() { for _ in $(seq 1 240); do curl -sf "$1/health" >/dev/null && return 0; sleep 0.5; done; echo "no health at $1" >&2; exit 1; }

echo "== (b) instant upstream =="
$ON_LOAD_CPUS $BENCH com.cascade4arm.testing.upstream.InstantResponder 18901 >/dev/null 2>&1 & pids+=($!)
wait_health http://127.0.0.1:18901
$ON_GATEWAY_CPU $JAVA -jar camel-app/target/camel-app.jar --camel.server.port=18902 --cascade.small.urls=http://127.0.0.1:18901 \
  --cascade.large.urls=http://127.0.0.1:18901 --cascade.data-dir="$(mktemp -d)" $UNLIMITED >/tmp/overhead-gateway.log 2>&1 & pids+=($!)
wait_health http://127.0.0.1:18902
for c in 1 32; do
  $ON_LOAD_CPUS $BENCH com.cascade4arm.bench.overhead.OverheadBench --gateway http://127.0.0.1:18902 \
    --direct http://127.0.0.1:18901 --requests "$REQUESTS" --concurrency "$c" --max-tokens 8 \
    --warmup "$([ "$c" = 1 ] && echo 20000 || echo 2000)" --rounds "$([ "$c" = 1 ] && echo 5 || echo 3)"
done
echo "== (c) floor: a bare Vert.x pass-through proxy in front of the same instant upstream =="
$ON_GATEWAY_CPU $BENCH com.cascade4arm.bench.overhead.PassThroughProxy 18904 http://127.0.0.1:18901 >/dev/null 2>&1 & pids+=($!)
wait_health http://127.0.0.1:18904
$ON_LOAD_CPUS $BENCH com.cascade4arm.bench.overhead.OverheadBench --gateway http://127.0.0.1:18904 --direct http://127.0.0.1:18901 \
  --requests "$REQUESTS" --concurrency 1 --max-tokens 8 --warmup 20000 --rounds 5
cleanup; pids=()

echo "== (a) embedded llama-host (demo-0.5b) =="
$JAVA -jar camel-app/target/camel-app.jar --camel.server.port=18903 --cascade.data-dir="$(mktemp -d)" $UNLIMITED >/tmp/overhead-embedded.log 2>&1 & pids+=($!)
wait_health http://127.0.0.1:18903
SMALL=$(curl -s http://127.0.0.1:18903/health | python3 -c 'import json,sys; print([e["url"] for e in json.load(sys.stdin)["endpoints"] if e["pool"]=="small"][0])')
$BENCH com.cascade4arm.bench.overhead.OverheadBench --gateway http://127.0.0.1:18903 --direct "$SMALL" \
  --requests 1000 --concurrency 1 --max-tokens 4 --warmup 1000
