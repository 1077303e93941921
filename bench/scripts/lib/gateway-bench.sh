# Shared by gateway-overhead.sh and compare-builds.sh (sourced, not run): how both start the instant upstream and a
# gateway in front of it, pin them, wait for them, and read what the gateway's threads spent, so the two scripts measure
# the same way.
JAVA="java -XX:+IgnoreUnrecognizedVMOptions --enable-native-access=ALL-UNNAMED"
# The load generator is one client: lift the per-client edge limits so they are not what gets measured.
UNLIMITED="--cascade.edge.rate-limit.requests-per-second=1000000 --cascade.edge.rate-limit.burst=1000000 --cascade.edge.max-concurrent-per-client=64"
CPUS=$(nproc)
# The gateway gets a CPU of its own (the last), the load generator and the upstream the others, as in production where
# clients run elsewhere (on 2 cores, a shared core adds the scheduler's hand-offs to every hop). PIN=0 shares all CPUs.
if [ "${PIN:-1}" = 1 ] && [ "$CPUS" -ge 2 ] && command -v taskset >/dev/null; then
  ON_GATEWAY_CPU="taskset -c $((CPUS - 1))"; ON_LOAD_CPUS="taskset -c 0-$((CPUS - 2))"
  PINNING="pinned: gateway/proxy on CPU $((CPUS - 1)); load generator and upstream on CPUs 0-$((CPUS - 2))"
else
  ON_GATEWAY_CPU=""; ON_LOAD_CPUS=""; PINNING="not pinned: load generator, upstream and gateway share $CPUS CPUs"
fi

# The bench tools of a checkout ($1, default the current directory) as a command prefix: $(bench_in DIR) Main args.
bench_in() { echo "$JAVA -cp ${1:-.}/bench/tools/target/bench.jar:${1:-.}/bench/tools/target/lib/*"; }

# Processes started in the background; stop_started ends them (the scripts call it from their EXIT trap).
pids=()
stop_started() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  pids=()
}

wait_health() { for _ in $(seq 1 240); do curl -sf "$1/health" >/dev/null && return 0; sleep 0.5; done; echo "no health at $1" >&2; exit 1; }

# start_instant_upstream PORT [BENCH]: the instant upstream on the load CPUs, ready when it returns.
start_instant_upstream() {
  $ON_LOAD_CPUS ${2:-$(bench_in)} com.cascade4arm.standins.upstream.InstantResponder "$1" >/dev/null 2>&1 & pids+=($!)
  wait_health "http://127.0.0.1:$1"
}

# start_gateway JAR PORT UPSTREAM_URL LOG DATA_DIR: starts a gateway on its CPU with both pools on the upstream and the
# edge limits lifted; its process id in GATEWAY_PID. Ready (its JIT warm-up done) once wait_health answers.
# GATEWAY_JAVA_OPTS adds JVM options (e.g. another collector, to compare with the one the gateway ships with).
start_gateway() {
  $ON_GATEWAY_CPU $JAVA ${GATEWAY_JAVA_OPTS:-} -jar "$1" --camel.server.port="$2" --cascade.small.urls="$3" --cascade.large.urls="$3" \
    --cascade.data-dir="$5" $UNLIMITED >"$4" 2>&1 & pids+=($!)
  GATEWAY_PID=$!
}

# CPU time, run-queue wait and wake-ups of a process's threads by kind (Linux /proc):
# "loops_cpu_ns loops_wait_ns loops_wakeups jit_cpu_ns process_cpu_ns". A wake-up is a voluntary context switch (the
# thread slept waiting for I/O and had to be scheduled again); run-queue wait is how long a runnable thread waited for
# a CPU: what contention for the CPUs costs it.
thread_cpu() {
  local ticks; ticks=$(awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0) # process CPU, exited threads too
  for t in /proc/"$1"/task/*; do
    printf '%s %s %s\n' "$(tr ' ' _ <"$t/comm")" "$(cut -d' ' -f1,2 "$t/schedstat")" "$(awk '/^voluntary_ctxt/{print $2}' "$t/status")"
  done 2>/dev/null | awk -v all="$ticks" -v hz="$(getconf CLK_TCK)" '$1 ~ /eventloo/ {l += $2; q += $3; w += $4; next}
    $1 ~ /Compiler/ {j += $2} END {printf "%.0f %.0f %.0f %.0f %.0f", l, q, w, j, all * 1e9 / hz}'
}
# What the gateway's threads spent between two thread_cpu snapshots, per unit ($3 units of $4). "Other threads" is the
# process's CPU less the event loops' and compilers' (10 ms ticks: read it over thousands of units).
cpu_per_unit() {
  echo "$1 $2" | awk -v n="$3" -v unit="$4" '{printf "per %s: event loops %.3f ms CPU, %.3f ms waiting for a CPU, %.1f wake-ups; JIT compilers %.3f ms CPU; other threads %.3f ms CPU",
    unit, ($6 - $1) / n / 1e6, ($7 - $2) / n / 1e6, ($8 - $3) / n, ($9 - $4) / n / 1e6, (($10 - $5) - ($6 - $1) - ($9 - $4)) / n / 1e6}'
}

# Young collections in a HotSpot log written with $(gc_log_opts FILE), from JVM uptime $2 seconds on: how many, how
# long they paused the gateway (median, p90, max) and what each copied (survivors, median). Under load the tail a
# gateway adds follows these pauses (bench/README.md, "What young collections copy").
gc_log_opts() { echo "-Xlog:gc,gc+age=trace:file=$1"; }
young_gc_summary() {
  local pauses survivors
  pauses=$(awk -v from="${2:-0}" '{ t = substr($1, 2) + 0 } t >= from && / Pause Young / && /[0-9.]+ms$/ {
    p = $NF; sub(/ms$/, "", p); print p + 0, t }' "$1" | sort -n)
  survivors=$(awk -v from="${2:-0}" '{ t = substr($1, 2) + 0 } t >= from && /gc,age/ && / total$/ {
    match($0, /GC\([0-9]+\)/); id = substr($0, RSTART, RLENGTH)
    if ($(NF - 1) + 0 > s[id]) s[id] = $(NF - 1) + 0 } END { for (id in s) print s[id] }' "$1" | sort -n)
  if [ -z "$pauses" ]; then echo "young collections: none"; return; fi
  printf '%s\n' "$pauses" | awk -v surv="$(printf '%s\n' "$survivors" | awk '{ v[NR] = $1 } END { print NR ? v[int((NR + 1) / 2)] : 0 }')" '
    { p[NR] = $1; if (NR == 1 || $2 < first) first = $2; if ($2 > last) last = $2 }
    END { n = NR; q = int(n * 0.9 + 0.5); if (q < 1) q = 1
      printf "young collections: %d (one every %.2f s), pause median %.1f ms, p90 %.1f ms, max %.1f ms; survivors median %.2f MB\n",
        n, (n > 1 ? (last - first) / (n - 1) : 0), p[int((n + 1) / 2)], p[q], p[n], surv / 1e6 }'
}
