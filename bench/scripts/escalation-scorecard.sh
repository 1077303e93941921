#!/usr/bin/env bash
# Confidence escalation and the router scorecard on real llama-server pools: the gateway with demo-0.5b (small) and
# demo-1.5b (large) on llama-server, a rule that sends every factual and everyday prompt to the small model on trial
# (routeSmallTentatively with THRESHOLD, default 0.3), then the benchmark CLI over the 50-prompt suite. Prints the run's
# table and scorecard (escalations and their median time to first token included) and the gateway's escalation
# metrics. Needs a llama-server binary: LLAMA_SERVER=/path/to/llama-server, or llama-server on PATH.
# Usage: bench/scripts/escalation-scorecard.sh [levels] [requests-per-level]   (defaults 1,4 and 50)
set -euo pipefail
cd "$(dirname "$0")/../.."
LEVELS=${1:-1,4}
REQUESTS=${2:-50}
THRESHOLD=${THRESHOLD:-0.3}
LLAMA_SERVER=${LLAMA_SERVER:-$(command -v llama-server || true)}
[ -x "$LLAMA_SERVER" ] || { echo "no llama-server: set LLAMA_SERVER=/path/to/llama-server" >&2; exit 2; }
[ -f camel-app/target/camel-app.jar ] && [ -f bench/tools/target/bench.jar ] || mvn -B -q install -DskipTests
JAVA="java -XX:+IgnoreUnrecognizedVMOptions --enable-native-access=ALL-UNNAMED"
model() { $JAVA -cp "camel-app/target/camel-app.jar:camel-app/target/lib/*" com.cascade4arm.demomodels.DemoModelsMain \
  ${CASCADE_MODELS_DIR:+--dir "$CASCADE_MODELS_DIR"} --model "$1" | awk '{print $2}' | tail -1; }
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
wait_health() { for _ in $(seq 1 240); do curl -sf "$1/health" >/dev/null && return 0; sleep 0.5; done; echo "no health at $1" >&2; exit 1; }

"$LLAMA_SERVER" -m "$(model demo-0.5b)" --host 127.0.0.1 --port 18931 -c 4096 -np 4 -t 1 >/tmp/escalation-small.log 2>&1 & pids+=($!)
"$LLAMA_SERVER" -m "$(model demo-1.5b)" --host 127.0.0.1 --port 18932 -c 4096 -np 4 -t 1 >/tmp/escalation-large.log 2>&1 & pids+=($!)
wait_health http://127.0.0.1:18931; wait_health http://127.0.0.1:18932
TOKEN=scorecard-admin
$JAVA -jar camel-app/target/camel-app.jar --camel.server.port=18933 --cascade.small.urls=http://127.0.0.1:18931 \
  --cascade.large.urls=http://127.0.0.1:18932 --cascade.baseline.url=http://127.0.0.1:18932 \
  --cascade.data-dir="$(mktemp -d)" --cascade.admin.token=$TOKEN \
  --cascade.edge.rate-limit.requests-per-second=1000000 --cascade.edge.rate-limit.burst=1000000 \
  --cascade.edge.max-concurrent-per-client=64 >/tmp/escalation-gateway.log 2>&1 & pids+=($!)
wait_health http://127.0.0.1:18933
RULE='package com.cascade4arm.rules;
import com.cascade4arm.rules.decision.Decision;
rule "trial: light prompts go small on trial"
    salience -9 // just before the category routing rules
when
    $d : Decision( route == null, category == "factual" || category == "everyday" )
then
    modify($d) { routeSmallTentatively('"$THRESHOLD"', "light prompt: small, on trial") }
end'
curl -sf http://127.0.0.1:18933/api/rules | python3 -c '
import json, sys
active = json.load(sys.stdin)
print(json.dumps({"base_version": active["version"], "comment": "escalation scorecard",
                  "files": active["files"] + [{"name": "trial.drl", "content": sys.argv[1]}]}))' "$RULE" \
  | curl -sf -X PUT -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' --data-binary @- \
    http://127.0.0.1:18933/api/rules >/dev/null
$JAVA -jar bench/tools/target/bench.jar --url http://127.0.0.1:18933 --prompts 50 --levels "$LEVELS" \
  --requests "$REQUESTS" --max-tokens 16 --out "$(mktemp -d)"
curl -sf http://127.0.0.1:18933/metrics | grep -E '^cascade_escalation' || true
