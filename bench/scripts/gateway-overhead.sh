#!/usr/bin/env bash
# What the gateway adds, measured: (a) against the embedded llama-host small model, (b) against an instant upstream at
# concurrency 1 and 32, (c) what a bare Vert.x pass-through proxy adds on the same machine (the floor), (d) against a
# real llama-server, streamed and not, paired in one run: right after start (1,000 warm-up pairs) and warmed up.
# Builds first if needed; everything runs on loopback and stops by itself.
# Usage: bench/scripts/gateway-overhead.sh [requests]   (pairs per round against the instant upstream, default 2000:
# fewer leave the p99 difference of two tails to chance; 5 rounds at concurrency 1, 3 at 32, the median printed last;
# 20,000 warm-up pairs before the first instant-upstream run: the gateway's path keeps getting faster for that long as
# the JIT compiles it — added p50 0.41 ms after 15,000 pairs, 0.30 ms after 25,000 in one run. (a) runs 1000 pairs a
# round: each request decodes real tokens)
# (b) and (c) give the gateway (or proxy) a CPU of its own and the load generator and upstream the others (taskset), as
# in production where clients run elsewhere (on 2 cores, a shared core adds the scheduler's hand-offs to every hop).
# PIN=0 lets them share all cores. (a) is never pinned: the embedded models run inside the gateway's process.
# (d) runs when a llama-server binary is given (LLAMA_SERVER=/path/to/llama-server, or llama-server on PATH) with the
# demo-0.5b model (generated into CASCADE_MODELS_DIR or ~/.cache/cascade4arm/models if missing); unpinned, like a
# real deployment of both on one box; LLAMA_THREADS (default 2) is llama-server's -t. ONLY=b,c,d runs just those parts.
set -euo pipefail
cd "$(dirname "$0")/../.."
REQUESTS=${1:-2000}
[ -f camel-app/target/camel-app.jar ] && [ -f bench/tools/target/bench.jar ] || mvn -B -q install -DskipTests
JAVA="java -XX:+IgnoreUnrecognizedVMOptions --enable-native-access=ALL-UNNAMED"
# The load generator is one client: lift the per-client edge limits so they are not what gets measured.
UNLIMITED="--cascade.edge.rate-limit.requests-per-second=1000000 --cascade.edge.rate-limit.burst=1000000 --cascade.edge.max-concurrent-per-client=64"
BENCH="$JAVA -cp bench/tools/target/bench.jar:bench/tools/target/lib/*"
ONLY=${ONLY:-a,b,c,d}
part() { [[ ",$ONLY," == *",$1,"* ]]; }
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

if part b || part c; then
echo "== (b) instant upstream =="
$ON_LOAD_CPUS $BENCH com.cascade4arm.testing.upstream.InstantResponder 18901 >/dev/null 2>&1 & pids+=($!)
wait_health http://127.0.0.1:18901
$ON_GATEWAY_CPU $JAVA -jar camel-app/target/camel-app.jar --camel.server.port=18902 --cascade.small.urls=http://127.0.0.1:18901 \
  --cascade.large.urls=http://127.0.0.1:18901 --cascade.data-dir="$(mktemp -d)" $UNLIMITED >/tmp/overhead-gateway.log 2>&1 & pids+=($!)
wait_health http://127.0.0.1:18902
for c in $(part b && echo 1 32); do
  $ON_LOAD_CPUS $BENCH com.cascade4arm.bench.overhead.OverheadBench --gateway http://127.0.0.1:18902 \
    --direct http://127.0.0.1:18901 --requests "$REQUESTS" --concurrency "$c" --max-tokens 8 \
    --warmup "$([ "$c" = 1 ] && echo 20000 || echo 2000)" --rounds "$([ "$c" = 1 ] && echo 5 || echo 3)"
done
if part c; then
echo "== (c) floor: a bare Vert.x pass-through proxy in front of the same instant upstream =="
$ON_GATEWAY_CPU $BENCH com.cascade4arm.bench.overhead.PassThroughProxy 18904 http://127.0.0.1:18901 >/dev/null 2>&1 & pids+=($!)
wait_health http://127.0.0.1:18904
$ON_LOAD_CPUS $BENCH com.cascade4arm.bench.overhead.OverheadBench --gateway http://127.0.0.1:18904 --direct http://127.0.0.1:18901 \
  --requests "$REQUESTS" --concurrency 1 --max-tokens 8 --warmup 20000 --rounds 5
fi
cleanup; pids=()
fi

if part d; then
LLAMA_SERVER=${LLAMA_SERVER:-$(command -v llama-server || true)}
if [ -n "$LLAMA_SERVER" ] && [ -x "$LLAMA_SERVER" ]; then
  # The demo model's file (generated on first use, then cached): the second column of the generator's report.
  MODEL=$($JAVA -cp "camel-app/target/camel-app.jar:camel-app/target/lib/*" com.cascade4arm.host.demo.DemoModelsMain \
    ${CASCADE_MODELS_DIR:+--dir "$CASCADE_MODELS_DIR"} --model demo-0.5b | awk '{print $2}' | tail -1)
  echo "== (d) real llama-server ($LLAMA_SERVER, demo-0.5b, -t ${LLAMA_THREADS:-2}, 4 slots): stream and plain paired =="
  "$LLAMA_SERVER" -m "$MODEL" --host 127.0.0.1 --port 18905 -c 4096 -np 4 -t "${LLAMA_THREADS:-2}" >/dev/null 2>&1 & pids+=($!)
  wait_health http://127.0.0.1:18905
  $JAVA -jar camel-app/target/camel-app.jar --camel.server.port=18906 --cascade.small.urls=http://127.0.0.1:18905 \
    --cascade.large.urls=http://127.0.0.1:18905 --cascade.data-dir="$(mktemp -d)" $UNLIMITED >/tmp/overhead-llama.log 2>&1 & pids+=($!)
  wait_health http://127.0.0.1:18906
  echo "-- right after start: 1,000 warm-up pairs per mode --"
  $BENCH com.cascade4arm.bench.overhead.OverheadBench --gateway http://127.0.0.1:18906 --direct http://127.0.0.1:18905 \
    --requests 300 --concurrency 1 --max-tokens 4 --temperature 0 --modes stream,plain --warmup 1000 --rounds 3
  echo "-- warmed up: 4,000 more pairs per mode --"
  $BENCH com.cascade4arm.bench.overhead.OverheadBench --gateway http://127.0.0.1:18906 --direct http://127.0.0.1:18905 \
    --requests 300 --concurrency 1 --max-tokens 4 --temperature 0 --modes stream,plain --warmup 4000 --rounds 3
  cleanup; pids=()
else
  echo "== (d) skipped: no llama-server (set LLAMA_SERVER=/path/to/llama-server) =="
fi
fi

if part a; then
echo "== (a) embedded llama-host (demo-0.5b) =="
$JAVA -jar camel-app/target/camel-app.jar --camel.server.port=18903 --cascade.expose-endpoints=true --cascade.data-dir="$(mktemp -d)" $UNLIMITED >/tmp/overhead-embedded.log 2>&1 & pids+=($!)
wait_health http://127.0.0.1:18903
SMALL=$(curl -s http://127.0.0.1:18903/health | python3 -c 'import json,sys; print([e["url"] for e in json.load(sys.stdin)["endpoints"] if e["pool"]=="small"][0])')
$BENCH com.cascade4arm.bench.overhead.OverheadBench --gateway http://127.0.0.1:18903 --direct "$SMALL" \
  --requests 1000 --concurrency 1 --max-tokens 4 --warmup 1000
fi
