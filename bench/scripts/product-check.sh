#!/usr/bin/env bash
# The product-level check of the demo models, measured with the product's own Benchmark and Compare: starts the gateway
# with its embedded demo hosts and default settings (fresh data dir), runs the Benchmark at concurrency 1
# (POST /api/bench/runs {"prompts":10,"levels":[1],"requests_per_level":10,"max_tokens":64}) and prints the cascade's
# speed-up over the baseline per category and overall (median latency), then sends each UI example prompt to Compare
# (cascade and baseline, the UI's 128 max tokens) and prints route, draft acceptance, tokens and time per system.
# Usage: bench/scripts/product-check.sh [bench runs]   (default 1; each run is printed)
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS=${1:-1}
PORT=${PORT:-18931}
[ -f camel-app/target/camel-app.jar ] || mvn -B -q install -DskipTests
command -v python3 >/dev/null || { echo "needs python3 to read the JSON answers" >&2; exit 1; }
TOKEN=product-check-token
URL=http://127.0.0.1:$PORT
LOG=$(mktemp -t product-check-gateway.XXXXXX.log)
java -XX:+IgnoreUnrecognizedVMOptions --enable-native-access=ALL-UNNAMED -jar camel-app/target/camel-app.jar \
  --camel.server.port="$PORT" --cascade.data-dir="$(mktemp -d)" --cascade.admin.token="$TOKEN" >"$LOG" 2>&1 &
GATEWAY=$!
trap 'kill $GATEWAY 2>/dev/null || true' EXIT
for _ in $(seq 1 600); do curl -sf "$URL/health" >/dev/null 2>&1 && break; sleep 0.5; done
curl -sf "$URL/health" >/dev/null || { echo "gateway not ready, log: $LOG" >&2; exit 1; }
echo "gateway ready on $URL (log $LOG)"

for run in $(seq 1 "$RUNS"); do
  id=$(curl -sf -X POST "$URL/api/bench/runs" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
    -d '{"prompts":10,"levels":[1],"requests_per_level":10,"max_tokens":64}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
  while [ "$(curl -sf "$URL/api/bench/runs/$id" | python3 -c 'import json,sys; print(json.load(sys.stdin)["status"])')" = running ]; do
    sleep 2
  done
  echo "== benchmark run $run ($id): cascade speed-up over baseline, median latency =="
  curl -sf "$URL/api/bench/runs/$id" | python3 -c '
import json, sys
run = json.load(sys.stdin)
for s in run.get("speed_ups", []):
    print("  %-10s %5.2fx   cascade %7.0f ms (n=%d)   baseline %7.0f ms (n=%d)" % (s["category"], s["speed_up"],
          s["median_ms_a"], s["requests_a"], s["median_ms_b"], s["requests_b"]))
for level in run.get("aggregates", []):
    print("  %-9s c=%s: %.1f tok/s, p50 %.0f ms, p95 %.0f ms, errors %s" % (level["target"], level["level"],
          level["tok_per_s"], level["p50_ms"] or 0, level["p95_ms"] or 0, level["errors"]))'
done

for prompt in 'Explain step by step how a B-tree index speeds up SQL queries.' \
              'Write a Python function that finds the longest palindromic substring.' \
              'Compare merge sort and quicksort, including their trade-offs in practice.' \
              'What is the capital of France?' 'Hi there!'; do
  echo "== compare: $prompt"
  curl -sf -X POST "$URL/api/compare" -H 'Content-Type: application/json' \
    -d "$(python3 -c 'import json,sys; print(json.dumps({"prompt":sys.argv[1],"max_tokens":128,"systems":["cascade","baseline"]}))' "$prompt")" \
    | python3 -c '
import json, sys
answer = json.load(sys.stdin)
for name, system in answer["systems"].items():
    if system.get("status") == "skipped" or name == "hosted":
        continue
    print("  %-9s route=%-6s acceptance=%-6s tokens=%-4s total=%6s ms ttft=%5s ms %s tok/s" % (name,
          system.get("route"), system.get("draft_acceptance"), system.get("completion_tokens"), system.get("total_ms"),
          system.get("ttft_ms"), system.get("tokens_per_second")))
print("  ratios:", json.dumps(answer.get("ratios")))'
done
