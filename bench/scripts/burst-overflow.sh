#!/usr/bin/env bash
# Overflow to the hosted API under bursts (issue 35): the embedded system (demo models on real llama.cpp, as ./run.sh
# starts it) in keys mode with cascade.<tier>.overflow=hosted on both tiers, the SIMULATED hosted API answering at its
# pace (60 ms per chunk) with its 429s (every 3rd request, Retry-After: 1), and BurstBench sending bursts at
# concurrency 1..32 under two keys in one run: one that may use the hosted API (overflow) and one that may not (local:
# its requests queue on the tiers as without the feature). Prints p50/p95, error rate, share overflowed and cost per
# 1,000 requests per level and arm.
# Usage: bench/scripts/burst-overflow.sh [BurstBench options, e.g. --levels 1,4,8,16,32 --max-tokens 16]
#   MAX_QUEUE_MS (default 2000): cascade.<tier>.max-queue-ms.
#   HOSTED_CHUNK_MS: the hosted API's pace instead of the simulated one's 60 ms per chunk — the same stand-in run from
#   bench.jar (HostedStandInMain, 429 every RATE_LIMIT_EVERY-th request, default 3, Retry-After: 1) as the hosted base URL.
# Needs camel-app/target/camel-app.jar and bench/tools/target/bench.jar
# (mvn -B package -pl camel-app,bench/tools -am -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/scripts/lib/gateway-bench.sh
BENCH=$(bench_in)
trap stop_started EXIT
TOKEN=burst-bench-admin
PORT=${PORT:-18930}
MAX_QUEUE_MS=${MAX_QUEUE_MS:-2000}
HOSTED="--cascade.compare.hosted.simulated=true"
if [ -n "${HOSTED_CHUNK_MS:-}" ]; then
  $BENCH com.cascade4arm.standins.hosted.HostedStandInMain $((PORT + 1)) --api-key burst --chunk-delay-ms "$HOSTED_CHUNK_MS" \
    --rate-limit-every "${RATE_LIMIT_EVERY:-3}" --retry-after 1 >/tmp/burst-hosted.log 2>&1 & pids+=($!)
  HOSTED="--cascade.compare.hosted.base-url=http://127.0.0.1:$((PORT + 1))/api/v1 --cascade.compare.hosted.api-key=burst"
fi
$JAVA -jar camel-app/target/camel-app.jar --camel.server.port=$PORT --cascade.data-dir="$(mktemp -d)" $UNLIMITED \
  $HOSTED --cascade.auth.mode=keys --cascade.admin.token=$TOKEN \
  --cascade.small.overflow=hosted --cascade.large.overflow=hosted \
  --cascade.small.max-queue-ms=$MAX_QUEUE_MS --cascade.large.max-queue-ms=$MAX_QUEUE_MS >/tmp/burst-gateway.log 2>&1 & pids+=($!)
wait_health http://127.0.0.1:$PORT
PACE="simulated (60 ms per chunk)"; [ -n "${HOSTED_CHUNK_MS:-}" ] && PACE="stand-in at $HOSTED_CHUNK_MS ms per chunk"
echo "embedded demo models; hosted API: $PACE; max-queue-ms $MAX_QUEUE_MS; $(nproc) CPUs"
echo "load before: $(uptime | sed 's/.*load average/load average/')"
$BENCH com.cascade4arm.bench.burst.BurstBench --gateway http://127.0.0.1:$PORT --admin-token $TOKEN "$@"
echo "gateway metrics:"; curl -s http://127.0.0.1:$PORT/metrics | grep -E '^cascade_overflow_total' || true
