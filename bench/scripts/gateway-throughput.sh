#!/usr/bin/env bash
# Throughput from one gateway core (issue 33 §3): how many streamed chat requests a second the gateway serves alone on
# one CPU, and what latency it adds at that rate, against the upstream called directly (the reference) and a bare
# Vert.x pass-through proxy on the same CPU (the floor), in one run. Open-loop load (ThroughputBench): fixed arrival
# rates, so a slow target shows as latency and failures, not as a lower rate.
# Starts an instant upstream, a gateway (camel-app/target/camel-app.jar as built, edge limits lifted) and a
# PassThroughProxy in front of it; pins the gateway and the proxy to the last CPU and the load generator and the
# upstream to the others (taskset; PIN=0 shares all CPUs). Everything on loopback, ports PORT_BASE+1..+3 (default
# 19701..19703); it stops what it started.
# The instant upstream (UPSTREAM): "lean" (default), LeanInstantUpstream: InstantResponder's events encoded once, on one
# Vert.x event loop, cheap enough to share one CPU with the load generator at 4,000 req/s; "instant", InstantResponder
# (the JDK's HTTP server, as in gateway-overhead.sh), which costs that CPU about twice as much per request.
# Usage: bench/scripts/gateway-throughput.sh [ThroughputBench options]   e.g. --slices 3 (--help lists them)
# Each slice starts with --lead-in seconds (default 1) at its rate, not measured: a target waits its turn long enough
# for its idle connections to close, and a client at that rate keeps them open. --slow-log FILE lists each request over
# --slow-ms (default 5) with when it was sent, to line up with a GC log written with -Xlog:...:time.
# NICE (e.g. -10, as root) runs the upstream, gateway, proxy and load generator each in a session of its own at that
# priority, the session's too (/proc/PID/autogroup: with autogrouping, Linux shares a CPU between sessions first, so a
# process's own nice value counts only within its session): on a machine shared with other work they then get their
# CPUs nearly as if they were their own, while the run lasts (default: unchanged priority).
# Environment: RATES (default 500,1000,2000,3000,4000 req/s), DURATION (seconds per target per rate, default 10),
# WARMUP (seconds per target at up to 2,000 req/s first, default 15), PORT_BASE (default 19700). About 4 minutes with
# the defaults on 2 CPUs (the gateway's own JIT warm-up at start included).
# GATEWAY_JAR measures another build's gateway (e.g. ../before/camel-app/target/camel-app.jar, its lib/ beside it)
# with this tree's load generator and proxy.
# Last, the gateway's young collections over the measured rates (it logs them: -Xlog:gc,gc+age): how many, their
# pauses and what they copied. Run one rate (RATES=3000) to read them against that rate's tail.
set -euo pipefail
cd "$(dirname "$0")/../.."
GATEWAY_JAR=${GATEWAY_JAR:-camel-app/target/camel-app.jar}
if [ ! -f camel-app/target/camel-app.jar ] || [ ! -f bench/tools/target/bench.jar ]; then
  echo "build first: mvn -B -q package -pl camel-app,bench/tools -am -DskipTests" >&2; exit 1
fi
. bench/scripts/lib/gateway-bench.sh
if [ -n "${NICE:-}" ]; then
  ON_GATEWAY_CPU="setsid nice -n $NICE $ON_GATEWAY_CPU"; ON_LOAD_CPUS="setsid nice -n $NICE $ON_LOAD_CPUS"
  PINNING="$PINNING; nice $NICE, each in a session of its own at that nice"
fi
# The session of a process started above gets the same priority (nothing without NICE).
# Waits until the process has its own session (setsid may not have run yet), so the script's session is never changed.
prioritise() {
  [ -n "${NICE:-}" ] || return 0
  local mine; mine=$(cut -d' ' -f1 /proc/$$/autogroup)
  for _ in $(seq 1 100); do [ "$(cut -d' ' -f1 "/proc/$1/autogroup")" != "$mine" ] && break; sleep 0.05; done
  if [ "$(cut -d' ' -f1 "/proc/$1/autogroup")" = "$mine" ] || ! echo "$NICE" >"/proc/$1/autogroup"; then
    echo "cannot give process $1 a session at nice $NICE" >&2
  fi
}
BENCH=$(bench_in)
PORT_BASE=${PORT_BASE:-19700}
UP_PORT=$((PORT_BASE + 1)); GW_PORT=$((PORT_BASE + 2)); PROXY_PORT=$((PORT_BASE + 3))
UPSTREAM=${UPSTREAM:-lean}
trap stop_started EXIT

echo "== throughput from one gateway core ($PINNING) =="
echo "gateway: $GATEWAY_JAR built $(date -u -r "$GATEWAY_JAR" '+%F %T UTC'), checkout $(git -C "$(dirname "$GATEWAY_JAR")" rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "upstream: $UPSTREAM; load before: $(uptime | sed 's/.*load average/load average/')"
case $UPSTREAM in
  lean) $ON_LOAD_CPUS $BENCH com.cascade4arm.bench.overhead.LeanInstantUpstream "$UP_PORT" >/dev/null 2>&1 & pids+=($!)
        wait_health "http://127.0.0.1:$UP_PORT" ;;
  instant) start_instant_upstream "$UP_PORT" ;;
  *) echo "UPSTREAM is lean or instant, but was $UPSTREAM" >&2; exit 2 ;;
esac
UPSTREAM_PID=${pids[-1]}; prioritise "$UPSTREAM_PID"
GC_LOG=/tmp/throughput-gateway-gc-$PORT_BASE.log
GATEWAY_JAVA_OPTS="${GATEWAY_JAVA_OPTS:-} $(gc_log_opts "$GC_LOG")"
start_gateway "$GATEWAY_JAR" "$GW_PORT" "http://127.0.0.1:$UP_PORT" /tmp/throughput-gateway-$PORT_BASE.log "$(mktemp -d)"
$ON_GATEWAY_CPU $BENCH com.cascade4arm.bench.overhead.PassThroughProxy "$PROXY_PORT" "http://127.0.0.1:$UP_PORT" >/dev/null 2>&1 & pids+=($!)
PROXY_PID=$!; prioritise "$GATEWAY_PID"; prioritise "$PROXY_PID"
wait_health "http://127.0.0.1:$PROXY_PORT"
wait_health "http://127.0.0.1:$GW_PORT"
grep -o 'JIT warm-up.*' /tmp/throughput-gateway-$PORT_BASE.log || echo "JIT warm-up: off"
# The gateway's JVM uptime once the load generator's warm-up (three targets) is over: its collections from then on.
MEASURED_FROM=$(( $(ps -o etimes= -p "$GATEWAY_PID") + 3 * ${WARMUP:-15} ))
$ON_LOAD_CPUS $BENCH com.cascade4arm.bench.overhead.ThroughputBench --direct "http://127.0.0.1:$UP_PORT" \
  --proxy "http://127.0.0.1:$PROXY_PORT" --gateway "http://127.0.0.1:$GW_PORT" --upstream-pid "$UPSTREAM_PID" \
  --proxy-pid "$PROXY_PID" --gateway-pid "$GATEWAY_PID" --rates "${RATES:-500,1000,2000,3000,4000}" \
  --duration "${DURATION:-10}" --warmup "${WARMUP:-15}" "$@" & LOAD_PID=$!
prioritise "$LOAD_PID"
[ -z "${NICE:-}" ] || for p in "$UPSTREAM_PID" "$GATEWAY_PID" "$PROXY_PID" "$LOAD_PID"; do echo "process $p: $(cat /proc/$p/autogroup)"; done
wait "$LOAD_PID"
echo "gateway, every rate after the warm-up: $(young_gc_summary "$GC_LOG" "$MEASURED_FROM")"
echo "load after: $(uptime | sed 's/.*load average/load average/')"
