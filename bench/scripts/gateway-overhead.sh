#!/usr/bin/env bash
# What the gateway adds, measured: (a) against the embedded llama-host small model, (b) against an instant upstream at
# concurrency 1 and 32, (c) what a bare Vert.x pass-through proxy adds on the same machine (the floor), (d) against a
# real llama-server, streamed and not, paired in one run: right after start (1,000 warm-up pairs) and warmed up, (e) a
# fresh gateway's first requests with and without its JIT warm-up.
# Builds first if needed; everything runs on loopback and stops by itself.
# Usage: bench/scripts/gateway-overhead.sh [requests]   (pairs per round against the instant upstream, default 2000:
# fewer leave the p99 difference of two tails to chance; 5 rounds at concurrency 1, 3 at 32, the median printed last;
# 20,000 warm-up pairs before the first instant-upstream run: the gateway's path keeps getting faster for that long as
# the JIT compiles it — added p50 0.41 ms after 15,000 pairs, 0.30 ms after 25,000 in one run. (a) runs 1000 pairs a
# round: each request decodes real tokens)
# (b) prints, after the rounds of each concurrency, what the warm gateway's threads spent per request: event loops
# (CPU, wait for a CPU, wake-ups), JIT compilers, the rest (GC, timers).
# (b) and (c) give the gateway (or proxy) a CPU of its own and the load generator and upstream the others (taskset), as
# in production where clients run elsewhere (on 2 cores, a shared core adds the scheduler's hand-offs to every hop).
# PIN=0 lets them share all cores. (a) is never pinned: the embedded models run inside the gateway's process.
# (d) runs when a llama-server binary is given (LLAMA_SERVER=/path/to/llama-server, or llama-server on PATH) with the
# demo-0.5b model (generated into CASCADE_MODELS_DIR or ~/.cache/cascade4arm/models if missing), in two setups, each
# with a freshly started llama-server and gateway: "shared" (nothing pinned, llama-server -t LLAMA_THREADS, default one
# per CPU: both on one box as a plain install runs them) and "split" (llama-server -t CPUs-1 and the load generator on
# all CPUs but the last, the gateway alone on the last: taskset); "services" (LLAMA_SETUPS=services: as "shared", but
# llama-server and the gateway each in a session of its own, as separate systemd units or containers get scheduling
# groups of their own; Linux's autogroup does that for sessions). Each prints the first 1,000 pairs per mode, 3 rounds
# after them, 3 rounds after 4,000 more, and what the gateway's threads spent per request (event loops with their
# wake-ups, JIT compilers, the rest), then, as the same-run reference, 3 rounds of steps that call llama-server
# straight, through a bare pass-through proxy (the floor, placed as the gateway) and through the gateway, with the
# gateway's figures as ratios to the proxy's. LLAMA_SETUPS="shared" (or "split", "services") runs those. ONLY=b,c,d runs
# just those parts.
# (e) what the gateway's JIT warm-up (cascade.warmup.requests) buys a fresh gateway: for 0, 2,000 and 5,000 warm-up
# requests (WARMUPS="0 2000 5000"), a fresh gateway in front of the instant upstream, unpinned, and the first 1,000
# requests after /health says ready (500 pairs per mode, streamed and plain), with its JIT compilers' and event loops'
# CPU over them.
# LLAMA_NICE (e.g. 10) starts llama-server in (d) at that nice value.
# GATEWAY_ARGS adds gateway arguments in (d), e.g. --cascade.warmup.requests=0 for a gateway without its JIT warm-up;
# GATEWAY_JAVA_OPTS adds JVM options of the gateway in (d).
set -euo pipefail
cd "$(dirname "$0")/../.."
REQUESTS=${1:-2000}
[ -f camel-app/target/camel-app.jar ] && [ -f bench/tools/target/bench.jar ] || mvn -B -q install -DskipTests
. bench/scripts/lib/gateway-bench.sh
BENCH=$(bench_in)
ONLY=${ONLY:-a,b,c,d,e}
part() { [[ ",$ONLY," == *",$1,"* ]]; }
cleanup() { stop_started; }
trap cleanup EXIT

if part b || part c; then
echo "== (b) instant upstream ($PINNING) =="
start_instant_upstream 18901
start_gateway camel-app/target/camel-app.jar 18902 http://127.0.0.1:18901 /tmp/overhead-gateway.log "$(mktemp -d)"
wait_health http://127.0.0.1:18902
overhead() { # $1 concurrency, $2 warm-up pairs per mode, $3 rounds, $4 modes
  $ON_LOAD_CPUS $BENCH com.cascade4arm.bench.overhead.OverheadBench --gateway http://127.0.0.1:18902 \
    --direct http://127.0.0.1:18901 --requests "$REQUESTS" --concurrency "$1" --max-tokens 8 --warmup "$2" \
    --rounds "$3" --modes "$4"
}
for c in $(part b && echo 1 32); do
  rounds=$([ "$c" = 1 ] && echo 5 || echo 3)
  # The warm-up in a run of its own (its first pairs printed), so the rounds' CPU per request is the warm gateway's.
  overhead "$c" "$([ "$c" = 1 ] && echo 20000 || echo 2000)" 1 stream,plain | grep '^first'
  for mode in stream plain; do
    before=$(thread_cpu "$GATEWAY_PID")
    overhead "$c" 0 "$rounds" "$mode"
    echo "gateway threads over the rounds ($mode, concurrency $c), $(cpu_per_unit "$before" "$(thread_cpu "$GATEWAY_PID")" $((rounds * REQUESTS)) "request")"
  done
done
if part c; then
echo "== (c) floor: a bare Vert.x pass-through proxy in front of the same instant upstream ($PINNING) =="
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
  MODEL=$($JAVA -cp "camel-app/target/camel-app.jar:camel-app/target/lib/*" com.cascade4arm.demomodels.DemoModelsMain \
    ${CASCADE_MODELS_DIR:+--dir "$CASCADE_MODELS_DIR"} --model demo-0.5b | awk '{print $2}' | tail -1)
  for setup in ${LLAMA_SETUPS:-shared split}; do
    if [ "$setup" = split ] && { [ "$CPUS" -lt 2 ] || ! command -v taskset >/dev/null; }; then
      echo "== (d) split skipped: needs 2 CPUs and taskset =="; continue
    fi
    if [ "$setup" = split ]; then
      # llama.cpp on all CPUs but the last (-t one per CPU), with the load generator (the clients); the gateway alone.
      THREADS=$((CPUS - 1)); ON_LLAMA="taskset -c 0-$((CPUS - 2))"; ON_GW="taskset -c $((CPUS - 1))"; ON_BENCH="$ON_LLAMA"
      PLACES="llama-server -t $THREADS and the load generator on CPUs 0-$((CPUS - 2)), the gateway alone on CPU $((CPUS - 1))"
    elif [ "$setup" = services ]; then
      # As two services run them (systemd units, containers): each in a scheduling group of its own (here a session:
      # Linux's autogroup), so the CPUs are shared between the groups first, then between a group's threads.
      THREADS=${LLAMA_THREADS:-$CPUS}; ON_LLAMA="setsid"; ON_GW="setsid"; ON_BENCH=""
      PLACES="not pinned, llama-server -t $THREADS and the gateway each in a session (autogroup) of its own"
    else
      THREADS=${LLAMA_THREADS:-$CPUS}; ON_LLAMA=""; ON_GW=""; ON_BENCH=""
      PLACES="not pinned: llama-server -t $THREADS, the gateway and the load generator share all $CPUS CPUs"
    fi
    if [ -n "${LLAMA_NICE:-}" ]; then # llama-server at a lower priority than the gateway: it yields on a wake-up
      ON_LLAMA="$ON_LLAMA nice -n $LLAMA_NICE"; PLACES="$PLACES; llama-server at nice $LLAMA_NICE"
    fi
    echo "== (d) real llama-server ($LLAMA_SERVER, demo-0.5b, 4 slots), $setup: $PLACES; stream and plain paired =="
    echo "load before: $(uptime | sed 's/.*load average/load average/')"
    $ON_LLAMA "$LLAMA_SERVER" -m "$MODEL" --host 127.0.0.1 --port 18905 -c 4096 -np 4 -t "$THREADS" >/dev/null 2>&1 & pids+=($!)
    wait_health http://127.0.0.1:18905
    $ON_GW $JAVA ${GATEWAY_JAVA_OPTS:-} -jar camel-app/target/camel-app.jar --camel.server.port=18906 --cascade.small.urls=http://127.0.0.1:18905 \
      --cascade.large.urls=http://127.0.0.1:18905 --cascade.data-dir="$(mktemp -d)" $UNLIMITED ${GATEWAY_ARGS:-} >/tmp/overhead-llama.log 2>&1 & pids+=($!)
    GATEWAY_PID=$!
    wait_health http://127.0.0.1:18906
    grep -o 'JIT warm-up.*' /tmp/overhead-llama.log || echo "JIT warm-up: off"
    llama_pair() { # $1 warm-up pairs per mode, then 3 rounds of 300
      $ON_BENCH $BENCH com.cascade4arm.bench.overhead.OverheadBench --gateway http://127.0.0.1:18906 --direct http://127.0.0.1:18905 \
        --requests 300 --concurrency 1 --max-tokens 4 --temperature 0 --modes stream,plain --warmup "$1" --rounds 3
    }
    before=$(thread_cpu "$GATEWAY_PID"); sleep 5
    echo "gateway idle (5 s, no requests), $(cpu_per_unit "$before" "$(thread_cpu "$GATEWAY_PID")" 5 "s")"
    echo "-- right after start: the first 1,000 pairs per mode (measured as the warm-up), then 3 rounds of 300 --"
    before=$(thread_cpu "$GATEWAY_PID")
    llama_pair 1000
    echo "gateway threads $(cpu_per_unit "$before" "$(thread_cpu "$GATEWAY_PID")" $(( (1000 + 900) * 2 )) "request")"
    echo "-- warmed up: 4,000 more pairs per mode, then 3 rounds of 300 --"
    before=$(thread_cpu "$GATEWAY_PID")
    llama_pair 4000
    echo "gateway threads $(cpu_per_unit "$before" "$(thread_cpu "$GATEWAY_PID")" $(( (4000 + 900) * 2 )) "request")"
    # The same-run reference: what a bare proxy adds in the same minutes, where the CPUs and caches are the gateway's.
    echo "-- warmed, against the floor: each step calls llama-server straight, through a bare Vert.x pass-through proxy (placed as the gateway) and through the gateway; 1,000 warm-up steps per mode, then 3 rounds of 300 --"
    $ON_GW $BENCH com.cascade4arm.bench.overhead.PassThroughProxy 18907 http://127.0.0.1:18905 >/dev/null 2>&1 & pids+=($!)
    PROXY_PID=$!
    wait_health http://127.0.0.1:18907
    $ON_BENCH $BENCH com.cascade4arm.bench.overhead.OverheadBench --gateway http://127.0.0.1:18907 --gateway-b http://127.0.0.1:18906 \
      --labels proxy,gateway --gateway-pids "$PROXY_PID,$GATEWAY_PID" --direct http://127.0.0.1:18905 --requests 300 \
      --concurrency 1 --max-tokens 4 --temperature 0 --modes stream,plain --warmup 1000 --rounds 3 | grep -v '^-- round'
    echo "load after: $(uptime | sed 's/.*load average/load average/')"
    cleanup; pids=(); sleep 1
  done
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

if part e; then
echo "== (e) JIT warm-up: a fresh gateway's first 1,000 requests after ready, instant upstream, not pinned =="
$BENCH com.cascade4arm.standins.upstream.InstantResponder 18907 >/dev/null 2>&1 & pids+=($!)
wait_health http://127.0.0.1:18907
for warmup in ${WARMUPS:-0 2000 5000}; do
  $JAVA -jar camel-app/target/camel-app.jar --camel.server.port=18908 --cascade.small.urls=http://127.0.0.1:18907 \
    --cascade.large.urls=http://127.0.0.1:18907 --cascade.data-dir="$(mktemp -d)" --cascade.warmup.requests="$warmup" \
    $UNLIMITED >/tmp/overhead-warmup.log 2>&1 &
  GATEWAY_PID=$!
  wait_health http://127.0.0.1:18908
  sleep 3 # the warm-up's last compilations settle
  echo "-- warm-up $warmup: $(grep -o 'JIT warm-up.*' /tmp/overhead-warmup.log || echo off) --"
  before=$(thread_cpu "$GATEWAY_PID")
  $BENCH com.cascade4arm.bench.overhead.OverheadBench --gateway http://127.0.0.1:18908 --direct http://127.0.0.1:18907 \
    --requests 500 --concurrency 1 --max-tokens 4 --modes stream,plain --warmup 0 --rounds 1 | grep '^median'
  echo "gateway threads $(cpu_per_unit "$before" "$(thread_cpu "$GATEWAY_PID")" 1000 "request")"
  kill "$GATEWAY_PID"; wait "$GATEWAY_PID" 2>/dev/null || true
done
fi
