#!/usr/bin/env bash
# Before and after a structural change, measured in one run: the gateway built at <before-ref> and the gateway of this
# working tree, side by side in front of the same instant upstream, then the route-decision JMH of each build. Every
# figure is printed for both builds and as the ratio after/before; on a shared, noisy machine only such same-run ratios
# compare two builds (identical code gives ratios near 1.0: the check that the comparison is fair).
# Usage: bench/scripts/compare-builds.sh <before-ref> [requests]
#   requests: steps per round and mode (default 2000; each step sends one request straight to the upstream, one
#   through each gateway, in rotating order). Per concurrency (1 and 32), streamed and plain: the warm-up (WARMUP steps
#   per mode at concurrency 1, default 10,000: with the gateway's own start-up warm-up each gateway has served about
#   22,000 requests before the first round, as long as its path keeps getting faster while the JIT compiles it; 2,000 at
#   32), then 5 rounds at concurrency 1, 3 at 32, one mode at a time; per round and as the median of the rounds: added
#   p50/p99 over the direct call, the paired p50, req/s (concurrency / mean latency) and the gateway's CPU per request
#   (all its threads, from /proc/<pid>/task/*/schedstat), for before, after and after/before.
# The before build: a temporary worktree of <before-ref> (removed at the end), built with
# `mvn -o package -DskipTests -pl camel-app,bench/tools -am` (no install: the jars are taken from each module's target/),
# or BEFORE_BUILD=<dir>, a checkout already built that way. The after build: this tree's jars, built the same way if
# missing (rebuild them yourself after changing the code). Pinning as in gateway-overhead.sh (both gateways on the last
# CPU, the load generator and the upstream on the others; PIN=0 shares all CPUs).
# JMH (RuleDecisionBenchmark of both builds at the same time, not pinned, after the gateways have stopped): JMH_METHODS (regex, default
# "extractAndDecide|decide") for the prompt kinds JMH_KINDS (default factual,code-syntax), `-f 1 -wi 5 -i 5 -w 1s -r 1s`;
# p50, p99 and mean per benchmark and kind, and their ratios. ONLY=gateway or ONLY=jmh runs one part.
set -euo pipefail
cd "$(dirname "$0")/../.."
BEFORE_REF=${1:?usage: bench/scripts/compare-builds.sh <before-ref> [requests]}
REQUESTS=${2:-2000}
WARMUP=${WARMUP:-10000}
JMH_METHODS=${JMH_METHODS:-extractAndDecide|decide}
JMH_KINDS=${JMH_KINDS:-factual,code-syntax}
ONLY=${ONLY:-gateway,jmh}
# First of the three ports (upstream, before, after); another one when a second run shares the machine.
PORT=${PORT:-18921}
UP=$PORT; GW_BEFORE=$((PORT + 1)); GW_AFTER=$((PORT + 2))
. bench/scripts/lib/gateway-bench.sh
STARTED=$(date +%s)
AFTER=$PWD
WORK=$(mktemp -d)
BEFORE=${BEFORE_BUILD:-$WORK/before}
cleanup() {
  stop_started
  if [ -z "${BEFORE_BUILD:-}" ] && [ -d "$BEFORE" ]; then git worktree remove --force "$BEFORE" || true; fi
  rm -rf "$WORK"
  git worktree prune
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# build DIR: the gateway and the bench tools of the checkout at DIR, packaged in place (offline first).
build() {
  echo "building $1 ..."
  (cd "$1" && { mvn -B -q -o package -DskipTests -pl camel-app,bench/tools -am >"$WORK/build.log" 2>&1 ||
    mvn -B -q package -DskipTests -pl camel-app,bench/tools -am >"$WORK/build.log" 2>&1; }) ||
    { tail -40 "$WORK/build.log" >&2; echo "build of $1 failed" >&2; exit 1; }
}
built() { [ -f "$1/camel-app/target/camel-app.jar" ] && [ -f "$1/bench/tools/target/bench.jar" ]; }

BEFORE_COMMIT=$(git rev-parse --short "$BEFORE_REF^{commit}")
AFTER_COMMIT="$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . && echo "" || echo " + uncommitted changes")"
if [ -z "${BEFORE_BUILD:-}" ]; then
  git worktree add -q --detach "$BEFORE" "$BEFORE_REF"
  build "$BEFORE"
fi
built "$BEFORE" || { echo "no build in $BEFORE" >&2; exit 1; }
built "$AFTER" || build "$AFTER"
echo "before: $BEFORE_REF ($BEFORE_COMMIT); after: this tree ($AFTER_COMMIT); load: $(uptime | sed 's/.*load average/load average/')"
BENCH=$(bench_in "$AFTER")

if [[ ",$ONLY," == *",gateway,"* ]]; then
  echo "== gateway overhead, before vs after, instant upstream ($PINNING) =="
  start_instant_upstream $UP "$BENCH"
  mkdir -p "$WORK/before-data" "$WORK/after-data"
  start_gateway "$BEFORE/camel-app/target/camel-app.jar" $GW_BEFORE http://127.0.0.1:$UP "$WORK/before.log" "$WORK/before-data"
  BEFORE_PID=$GATEWAY_PID
  start_gateway "$AFTER/camel-app/target/camel-app.jar" $GW_AFTER http://127.0.0.1:$UP "$WORK/after.log" "$WORK/after-data"
  AFTER_PID=$GATEWAY_PID
  wait_health http://127.0.0.1:$GW_BEFORE
  wait_health http://127.0.0.1:$GW_AFTER
  for c in 1 32; do
    $ON_LOAD_CPUS $BENCH com.cascade4arm.bench.overhead.OverheadBench --direct http://127.0.0.1:$UP \
      --gateway http://127.0.0.1:$GW_BEFORE --gateway-b http://127.0.0.1:$GW_AFTER --labels before,after \
      --gateway-pids "$BEFORE_PID,$AFTER_PID" --requests "$REQUESTS" --concurrency "$c" --max-tokens 8 \
      --modes stream,plain --warmup "$([ "$c" = 1 ] && echo "$WARMUP" || echo 2000)" \
      --rounds "$([ "$c" = 1 ] && echo 5 || echo 3)"
  done
  stop_started
fi

if [[ ",$ONLY," == *",jmh,"* ]]; then
  echo "== route decision (JMH RuleDecisionBenchmark: $JMH_METHODS; kinds $JMH_KINDS; -f 1 -wi 5 -i 5 -w 1s -r 1s) =="
  # Both builds' benchmarks run at the same time, so whatever else loads the machine meanwhile hits both alike (one
  # after the other, a busy minute during one of them moved a p50 by 2x); hence past JMH's lock against concurrent runs.
  jmh_pids=()
  for side in before after; do
    dir=$([ "$side" = before ] && echo "$BEFORE" || echo "$AFTER")
    $(bench_in "$dir") -Djmh.ignoreLock=true org.openjdk.jmh.Main "RuleDecisionBenchmark\.($JMH_METHODS)\$" -p kind="$JMH_KINDS" \
      -f 1 -wi 5 -i 5 -w 1s -r 1s -rf json -rff "$WORK/jmh-$side.json" >"$WORK/jmh-$side.log" 2>&1 & pids+=($!)
    jmh_pids+=($!)
  done
  for side in before after; do
    wait "${jmh_pids[0]}" || { tail -20 "$WORK/jmh-$side.log" >&2; echo "JMH of $side failed" >&2; exit 1; }
    jmh_pids=("${jmh_pids[@]:1}")
  done
  pids=()
  python3 - "$WORK/jmh-before.json" "$WORK/jmh-after.json" <<'PY'
import json, sys
def load(path):
    return {(r["benchmark"].rsplit(".", 1)[1], r.get("params", {}).get("kind", "")): r["primaryMetric"] for r in json.load(open(path))}
before, after = load(sys.argv[1]), load(sys.argv[2])
print(f'{"benchmark":18} {"kind":12} {"p50 before":>10} {"after":>8} {"ratio":>6}  {"p99 before":>10} {"after":>8} {"ratio":>6}  {"mean ratio":>10}   (us/op)')
for key in sorted(before.keys() | after.keys()):
    if key not in before or key not in after:
        print(f"{key[0]:18} {key[1]:12} only in {'after' if key in after else 'before'}")
        continue
    b, a = before[key], after[key]
    p = lambda m, q: m["scorePercentiles"][q]
    print(f'{key[0]:18} {key[1]:12} {p(b, "50.0"):10.2f} {p(a, "50.0"):8.2f} {p(a, "50.0") / p(b, "50.0"):6.2f}  '
          f'{p(b, "99.0"):10.2f} {p(a, "99.0"):8.2f} {p(a, "99.0") / p(b, "99.0"):6.2f}  {a["score"] / b["score"]:10.2f}')
PY
fi
echo "compare-builds.sh took $(( $(date +%s) - STARTED )) s"
