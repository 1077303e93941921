#!/usr/bin/env bash
# What the gateway adds, measured (issue figures): (a) against the embedded llama-host small model, (b) against an
# instant upstream at concurrency 1 and 32, (c) what a bare Vert.x pass-through proxy adds on the same machine (the floor). Builds first if needed; everything runs on loopback and stops by itself.
# Usage: bench/scripts/gateway-overhead.sh [requests]   (default 1000 pairs per round; 5,000 warm-up pairs, 3 rounds,
# the median printed last — see OverheadBench for why the warm-up is that long)
set -euo pipefail
cd "$(dirname "$0")/../.."
REQUESTS=${1:-1000}
[ -f camel-app/target/camel-app.jar ] && [ -f bench/target/bench.jar ] || mvn -B -q install -DskipTests
JAVA="java -XX:+IgnoreUnrecognizedVMOptions --enable-native-access=ALL-UNNAMED"
# The load generator is one client: lift the per-client edge limits so they are not what gets measured.
UNLIMITED="--cascade.edge.rate-limit.requests-per-second=1000000 --cascade.edge.rate-limit.burst=1000000 --cascade.edge.max-concurrent-per-client=64"
BENCH="$JAVA -cp bench/target/bench.jar:bench/target/lib/*"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
wait_health() { for _ in $(seq 1 240); do curl -sf "$1/health" >/dev/null && return 0; sleep 0.5; done; echo "no health at $1" >&2; exit 1; }

echo "== (b) instant upstream =="
$BENCH com.cascade4arm.bench.responder.InstantResponder 18901 >/dev/null 2>&1 & pids+=($!)
wait_health http://127.0.0.1:18901
$JAVA -jar camel-app/target/camel-app.jar --camel.server.port=18902 --cascade.small.urls=http://127.0.0.1:18901 \
  --cascade.large.urls=http://127.0.0.1:18901 --cascade.data-dir="$(mktemp -d)" $UNLIMITED >/tmp/overhead-gateway.log 2>&1 & pids+=($!)
wait_health http://127.0.0.1:18902
for c in 1 32; do
  $BENCH com.cascade4arm.bench.overhead.OverheadBench --gateway http://127.0.0.1:18902 --direct http://127.0.0.1:18901 \
    --requests "$REQUESTS" --concurrency "$c" --max-tokens 8
done
echo "== (c) floor: a bare Vert.x pass-through proxy in front of the same instant upstream =="
$BENCH com.cascade4arm.bench.overhead.PassThroughProxy 18904 http://127.0.0.1:18901 >/dev/null 2>&1 & pids+=($!)
wait_health http://127.0.0.1:18904
$BENCH com.cascade4arm.bench.overhead.OverheadBench --gateway http://127.0.0.1:18904 --direct http://127.0.0.1:18901 \
  --requests "$REQUESTS" --concurrency 1 --max-tokens 8
cleanup; pids=()

echo "== (a) embedded llama-host (demo-0.5b) =="
$JAVA -jar camel-app/target/camel-app.jar --camel.server.port=18903 --cascade.data-dir="$(mktemp -d)" $UNLIMITED >/tmp/overhead-embedded.log 2>&1 & pids+=($!)
wait_health http://127.0.0.1:18903
SMALL=$(curl -s http://127.0.0.1:18903/health | python3 -c 'import json,sys; print([e["url"] for e in json.load(sys.stdin)["endpoints"] if e["pool"]=="small"][0])')
$BENCH com.cascade4arm.bench.overhead.OverheadBench --gateway http://127.0.0.1:18903 --direct "$SMALL" \
  --requests "$REQUESTS" --concurrency 1 --max-tokens 4 --warmup 1000
