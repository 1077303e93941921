#!/usr/bin/env bash
# The acceptance stage: uses the product as a new user does, before any test runs. Starts the README's quick-start
# command exactly as written (`./run.sh`, no argument, port 8080) in a session of its own, as a terminal would, waits
# for /health, then chats through the official `openai` npm client, runs a Compare, a Benchmark with its CSV, rules
# validate and dry-run, reads /metrics and the console, and presses Ctrl-C. One line per step; the first broken step
# fails the stage, quoting the gateway log's first error and the failing answer.
# Usage: bash .ci/acceptance.sh   (needs curl, node and npm; port 8080 free; the npm registry for the openai package)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

BASE=http://localhost:8080
OPENAI_NPM_VERSION=7.60.0            # the version camel-app's OpenAiNodeClientIT pins
READY_WITHIN_S=${ACCEPTANCE_READY_WITHIN_S:-360}   # run.sh's first `mvn install` build included
BENCH_WITHIN_S=180                   # 10 prompts at level 1, cascade and baseline, 16 tokens each
EXIT_WITHIN_S=60                     # drain (cascade.shutdown.drain-timeout-ms, 20 s) + camel.main.shutdown-timeout (10 s), doubled
CALL_S=150                           # one HTTP call

WORK=$ROOT/target/acceptance
LOG=$WORK/gateway.log
NPM_DIR=$(mktemp -d -t cascade-acceptance-npm.XXXXXX)
LEADER=""
NPM_PID=""

for tool in curl node npm setsid ps env; do
  command -v "$tool" >/dev/null || { echo "acceptance: needs $tool on the PATH" >&2; exit 1; }
done
if curl -s -o /dev/null --max-time 2 "$BASE/"; then
  echo "acceptance: something already answers on $BASE; stop it first (this stage starts its own gateway there)" >&2
  exit 1
fi

cleanup() {
  if [ -n "$NPM_PID" ]; then kill "$NPM_PID" 2>/dev/null || true; wait "$NPM_PID" 2>/dev/null || true; fi
  if [ -n "$LEADER" ] && [ -n "$(ps -s "$LEADER" -o pid= 2>/dev/null)" ]; then
    kill -TERM -- "-$LEADER" 2>/dev/null || true
    for _ in $(seq 1 30); do [ -z "$(ps -s "$LEADER" -o pid= 2>/dev/null)" ] && break; sleep 0.5; done
    kill -KILL -- "-$LEADER" 2>/dev/null || true
    pkill -KILL -s "$LEADER" 2>/dev/null || true   # processes of the session that left its process group
  fi
  rm -rf "$NPM_DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM   # so that the EXIT trap also runs when this script is stopped

# fail STEP WHAT [ANSWER]: says what broke, quotes the answer and the gateway log's first error, ends the stage.
fail() {
  echo "acceptance: $1 FAILED: $2"
  if [ -n "${3:-}" ]; then echo "  answer: $(printf '%s' "$3" | head -c 1500)"; fi
  echo "  gateway log's first error: $(sed 's/\x1b\[[0-9;]*m//g' "$LOG" 2>/dev/null | grep -m1 -E 'ERROR|Exception' || echo '(none)')"
  echo "  gateway log: $LOG"
  exit 1
}

# call METHOD PATH [BODY] [curl args…]: sets STATUS (000 when nothing answered) and BODY.
call() {
  local method=$1 path=$2 data=${3:-} out
  shift $(($# < 3 ? $# : 3))
  out=$(curl -sS --max-time "$CALL_S" -X "$method" -H 'Content-Type: application/json' \
    ${data:+--data-binary "$data"} "$@" -w '\n%{http_code}' "$BASE$path" 2>&1) || true
  STATUS=${out##*$'\n'}
  BODY=${out%$'\n'*}
}

# js EXPR: evaluates a JavaScript expression over the JSON on stdin (bound to `d`) and prints it.
js() {
  node -e 'const d = JSON.parse(require("fs").readFileSync(0, "utf8")); const v = eval(process.argv[1]);
process.stdout.write(typeof v === "string" ? v : JSON.stringify(v));' "$1"
}

seconds_since() {
  awk -v start="$1" -v now="$(date +%s.%N)" 'BEGIN { printf "%.1f", now - start }'
}

rm -rf "$WORK"
mkdir -p "$WORK"

# Configuration, not arguments: the admin token (benchmark start, rules checks), and a data directory as empty as a new
# user's (never the developer's own ~/.local/share/cascade4arm).
export CASCADE_ADMIN_TOKEN=${CASCADE_ADMIN_TOKEN:-acceptance-$RANDOM$RANDOM}
export CASCADE_DATA_DIR=$WORK/data

# The quick start. A terminal runs it with Ctrl-C's default action; a background job of a script gets SIGINT ignored
# (and would hand that on to the gateway), so restore the default first. setsid makes it the leader of its own session
# and process group (PID = SID = PGID), as a terminal's shell does for a command.
started=$(date +%s.%N)
env --default-signal=INT setsid ./run.sh </dev/null >"$LOG" 2>&1 &
LEADER=$!

# Meanwhile, the client a new user's program would install.
cp .ci/acceptance-chat.mjs "$NPM_DIR/"
npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$NPM_DIR" "openai@$OPENAI_NPM_VERSION" \
  >"$WORK/npm.log" 2>&1 &
NPM_PID=$!

# --- start: /health 200 within the bound
deadline=$(($(date +%s) + READY_WITHIN_S))
until [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$BASE/health" || true)" = 200 ]; do
  if ! kill -0 "$LEADER" 2>/dev/null || [ "$(ps -o stat= -p "$LEADER" | cut -c1)" = Z ]; then
    fail start "./run.sh exited before /health answered 200; its output ends: $(tail -5 "$LOG" | tr '\n' ' ')"
  fi
  [ "$(date +%s)" -lt "$deadline" ] || fail start "/health not 200 within ${READY_WITHIN_S} s" "$(curl -s --max-time 5 "$BASE/health")"
  sleep 1
done
[ "$(ps -o sid= -p "$LEADER" | tr -d ' ')" = "$LEADER" ] || fail start "./run.sh is not the leader of its own session"
echo "acceptance: start ok (/health 200 after $(seconds_since "$started") s, build included; session $LEADER)"

# --- a. chat through the official openai npm client, not streamed and streamed
wait "$NPM_PID" || fail chat "npm install openai@$OPENAI_NPM_VERSION failed: $(tail -5 "$WORK/npm.log")"
NPM_PID=""
out=$(node "$NPM_DIR/acceptance-chat.mjs" "$BASE/v1" 2>&1) || fail chat "the openai client (openai@$OPENAI_NPM_VERSION)" "$out"
echo "acceptance: chat ok ($out)"

# --- b. Compare: the console's first small-route and first large-route example
call GET /api/console
[ "$STATUS" = 200 ] || fail compare "GET /api/console answered $STATUS" "$BODY"
console=$BODY
figures=""
for route in small large; do
  prompt=$(js "d.suite.find(c => c.expected_route === '$route').example" <<<"$console")
  call POST /api/compare "$(node -e 'console.log(JSON.stringify({prompt: process.argv[1], max_tokens: 64}))' "$prompt")"
  [ "$STATUS" = 200 ] || fail compare "POST /api/compare for \"$prompt\" answered $STATUS" "$BODY"
  problems=$(js "[
      d.systems.cascade.status !== 'ok' && 'cascade ' + d.systems.cascade.status + ': ' + d.systems.cascade.error,
      d.systems.cascade.route !== '$route' && 'cascade routed to ' + d.systems.cascade.route + ', expected $route',
      !(d.systems.cascade.text || '').trim() && 'cascade answered no text',
      d.systems.baseline.status !== 'ok' && 'baseline ' + d.systems.baseline.status + ': ' + d.systems.baseline.error,
    ].filter(Boolean).join('; ')" <<<"$BODY")
  [ -z "$problems" ] || fail compare "\"$prompt\": $problems" "$BODY"
  figures+="${figures:+; }$route \"$prompt\" $(js "d.systems.cascade.total_ms + ' ms, baseline ' + d.systems.baseline.total_ms + ' ms, hosted ' + d.systems.hosted.status" <<<"$BODY")"
done
echo "acceptance: compare ok ($figures)"

# --- c. Benchmark: 10 prompts at concurrency 1 to completion, then its CSV
auth=(-H "Authorization: Bearer $CASCADE_ADMIN_TOKEN")
call POST /api/bench/runs '{"prompts":10,"levels":[1],"requests_per_level":10,"max_tokens":16}' "${auth[@]}"
[ "$STATUS" = 202 ] || fail benchmark "POST /api/bench/runs answered $STATUS" "$BODY"
run=$(js d.id <<<"$BODY")
deadline=$(($(date +%s) + BENCH_WITHIN_S))
shown=""
while :; do
  call GET "/api/bench/runs/$run"
  [ "$STATUS" = 200 ] || fail benchmark "GET /api/bench/runs/$run answered $STATUS" "$BODY"
  status=$(js d.status <<<"$BODY")
  progress=$(js "d.done + '/' + d.total" <<<"$BODY")
  if [ "$progress" != "$shown" ]; then echo "  benchmark $run: $progress requests"; shown=$progress; fi
  [ "$status" = running ] || break
  [ "$(date +%s)" -lt "$deadline" ] || fail benchmark "run $run still running after ${BENCH_WITHIN_S} s ($progress)" "$BODY"
  sleep 2
done
[ "$status" = done ] || fail benchmark "run $run ended $status" "$BODY"
summary=$BODY
total=$(js d.total <<<"$summary")
errors=$(js 'd.aggregates.reduce((n, a) => n + a.errors, 0)' <<<"$summary")
[ "$errors" = 0 ] || fail benchmark "run $run: $errors requests failed" "$(js d.aggregates <<<"$summary")"
call GET "/api/bench/runs/$run/rows.csv"
[ "$STATUS" = 200 ] || fail benchmark "GET /api/bench/runs/$run/rows.csv answered $STATUS" "$BODY"
rows=$(($(printf '%s\n' "$BODY" | grep -c .) - 1))
[ "$rows" -eq "$total" ] || fail benchmark "rows.csv of run $run has $rows rows for $total requests" "$BODY"
echo "acceptance: benchmark ok (run $run done, rows.csv $rows rows; $(js "d.aggregates.map(a => a.target + ' ' + a.ok + ' ok, ' + a.errors + ' errors, p50 ' + Math.round(a.p50_ms) + ' ms').join('; ')" <<<"$summary"))"

# --- d. rules: validate the active rulebook, dry-run it on a few prompts
call GET /api/rules
[ "$STATUS" = 200 ] || fail rules "GET /api/rules answered $STATUS" "$BODY"
version=$(js d.version <<<"$BODY")
candidate=$(js 'JSON.stringify({files: d.files})' <<<"$BODY")
call POST /api/rules/validate "$candidate" "${auth[@]}"
[ "$STATUS" = 200 ] && [ "$(js d.valid <<<"$BODY")" = true ] || fail rules "validate of active version $version: $STATUS" "$BODY"
rule_count=$(js d.rules.length <<<"$BODY")
dry=$(js 'JSON.stringify({...d, prompts: ["Hi there!", "Write a Python function that reverses a string.",
  "Compare merge sort and quicksort, including their trade-offs in practice."]})' <<<"$candidate")
call POST /api/rules/dry-run "$dry" "${auth[@]}"
[ "$STATUS" = 200 ] || fail rules "dry-run of active version $version answered $STATUS" "$BODY"
problems=$(js "[d.summary.changed !== 0 && d.summary.changed + ' routes changed under the same rulebook',
    d.summary.errors !== 0 && d.summary.errors + ' errors'].filter(Boolean).join('; ')" <<<"$BODY")
[ -z "$problems" ] || fail rules "dry-run of active version $version: $problems" "$BODY"
echo "acceptance: rules ok (version $version valid, $rule_count rules; dry-run $(js "d.summary.prompts + ' prompts, ' + d.summary.changed + ' changed, ' + d.summary.active_matches_expected + '/' + d.summary.with_expected_route + ' as labelled'" <<<"$BODY"))"

# --- e. /metrics after the chats, and the console's page
call GET /metrics
[ "$STATUS" = 200 ] || fail metrics "GET /metrics answered $STATUS" "$BODY"
series=$(printf '%s\n' "$BODY" | grep -c '^gen_ai_' || true)
[ "$series" -gt 0 ] || fail metrics "no gen_ai_* series after the chats" "$(printf '%s\n' "$BODY" | head -20)"
call GET /
[ "$STATUS" = 200 ] && grep -qi '<html' <<<"$BODY" || fail console "GET / answered $STATUS without an HTML page" "$BODY"
echo "acceptance: metrics and console ok ($series gen_ai_* samples; GET / $STATUS, $(printf '%s' "$BODY" | wc -c) bytes of HTML)"

# --- f. Ctrl-C: SIGINT to the whole process group, as a terminal sends it
interrupted=$(date +%s.%N)
kill -INT -- "-$LEADER"
deadline=$(($(date +%s) + EXIT_WITHIN_S))
while [ -n "$(ps -o stat= -p "$LEADER" | grep -v '^Z' || true)" ]; do
  [ "$(date +%s)" -lt "$deadline" ] || fail ctrl-c "the gateway still runs ${EXIT_WITHIN_S} s after SIGINT"
  sleep 0.2
done
exit_s=$(seconds_since "$interrupted")
code=0
wait "$LEADER" || code=$?
while left=$(ps -s "$LEADER" -o pid=,stat=,args= | awk '$2 !~ /^Z/') && [ -n "$left" ]; do
  [ "$(date +%s)" -lt "$deadline" ] || fail ctrl-c "left behind in session $LEADER: $left"
  sleep 0.2
done
LEADER=""
echo "acceptance: ctrl-c ok (gateway exited ${exit_s} s after SIGINT, status $code; nothing left in its session)"
