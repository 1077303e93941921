#!/usr/bin/env bash
# Prefix-cache-aware routing measured on real llama-server: two replicas of the demo-0.5b model (-np 2 slots each,
# prompt caching on, as by default) behind one gateway whose two tiers hold the same replicas — "large" balanced
# least-busy, "small" by prefix affinity (SLOTS=2 also names slots: id_slot; default 0, see bench/README.md) — and
# MultiTurnAffinityBench driving 12 conversations of 6 turns with user-like pauses (each its own ~1,550-token system
# prompt, growing history) through both, alternating phases in one run. Prints TTFT p50/p95 per turn, prompt tokens
# evaluated vs cached, throughput, max in-flight per endpoint, requests queued on a full replica while the other had a
# slot free, and the ratios. CACHE_RAM sets llama-server's --cache-ram (MiB; its host-memory prompt cache, default
# 8192; 0 turns it off): the cache that decides how much least-busy reuses anyway.
# Usage: [CACHE_RAM=16] LLAMA_SERVER=/path/to/llama-server bench/scripts/multi-turn-affinity.sh [bench options]
# Needs camel-app/target/camel-app.jar and bench/tools/target/bench.jar
# (mvn -B package -pl camel-app,bench/tools -am -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/scripts/lib/gateway-bench.sh
LLAMA_SERVER=${LLAMA_SERVER:-$(command -v llama-server || true)}
[ -n "$LLAMA_SERVER" ] && [ -x "$LLAMA_SERVER" ] || { echo "set LLAMA_SERVER to a llama-server binary" >&2; exit 1; }
BENCH=$(bench_in)
trap stop_started EXIT
MODEL=$($JAVA -cp "camel-app/target/camel-app.jar:camel-app/target/lib/*" com.cascade4arm.demomodels.DemoModelsMain \
  ${CASCADE_MODELS_DIR:+--dir "$CASCADE_MODELS_DIR"} --model demo-0.5b | awk '{print $2}' | tail -1)
THREADS=${LLAMA_THREADS:-1}
for port in 18911 18912; do
  "$LLAMA_SERVER" -m "$MODEL" --host 127.0.0.1 --port $port -c 8192 -np 2 -t "$THREADS" \
    ${CACHE_RAM:+--cache-ram "$CACHE_RAM"} >/tmp/affinity-llama-$port.log 2>&1 & pids+=($!)
done
wait_health http://127.0.0.1:18911; wait_health http://127.0.0.1:18912
URLS=http://127.0.0.1:18911,http://127.0.0.1:18912
$JAVA -jar camel-app/target/camel-app.jar --camel.server.port=18910 --cascade.data-dir="$(mktemp -d)" $UNLIMITED \
  --cascade.small.urls=$URLS --cascade.small.balance=prefix-affinity --cascade.small.slots="${SLOTS:-0}" \
  --cascade.large.urls=$URLS --cascade.large.balance=least-busy >/tmp/affinity-gateway.log 2>&1 & pids+=($!)
wait_health http://127.0.0.1:18910
echo "llama-server: $($LLAMA_SERVER --version 2>&1 | grep -m1 version || true); demo-0.5b, 2 replicas x -np 2, -t $THREADS, --cache-ram ${CACHE_RAM:-8192 (default)}; $(nproc) CPUs"
echo "load before: $(uptime | sed 's/.*load average/load average/')"
$BENCH com.cascade4arm.bench.affinity.MultiTurnAffinityBench --gateway http://127.0.0.1:18910 "$@"
echo "load after: $(uptime | sed 's/.*load average/load average/')"
echo "gateway metrics:"; curl -s http://127.0.0.1:18910/metrics | grep -E '^cascade_(prefix_affinity|prompt_tokens)_total' || true
