#!/usr/bin/env bash
# Issue 31's measure, item by item: the code lines of each piece of hand-written infrastructure the issue names, at two
# refs, with the files (or the blocks of a file) counted for each. Code lines are counted as loc-by-package.sh counts
# them (neither blank nor only a comment). A spec "path#regex" counts the block (method, nested class) that opens on
# the first line matching the regex, up to its closing brace; a spec ending in "/" counts every main Java file under it;
# a file missing at a ref counts 0. The lists are below, per item, so anyone can check or change them.
# Usage: bench/scripts/infra-inventory.sh [before [after]]   (defaults: 287630a, the state before issue 31, and the
#                                                             working tree "."; a git ref is read with git, no checkout)
set -euo pipefail
cd "$(dirname "$0")/../.."
exec python3 - "$@" <<'PY'
import re, subprocess, sys

sys.path.insert(0, "bench/scripts/lib")  # run from the repository root (the cd above)
from code_lines import code_lines

R, B = "routes/src/main/java/com/cascade4arm/routes/", "bench/"
OLD, NEW = "287630a", "after"
# item -> (files at 287630a, files now, what the figures mean). The gateway's runtime modules are routes, camel-app,
# openai-api, bench/engine (the benchmark API) and the hosts.
ITEMS = [
    ("configuration binding",
     [R + "config/PropertyReader.java", R + "config/ChatInputSettings.java", R + "config/EscalationSettings.java",
      R + "config/GatewaySettings.java", R + "config/TierSettings.java", R + "bench/BenchSettings.java",
      R + "cluster/StoreSettings.java", R + "compare/CompareSettings.java", R + "console/ConsoleSettings.java",
      R + "cost/CostSettings.java", R + "edge/EdgeSettings.java", R + "judge/JudgeSettings.java",
      R + "rulesadmin/RulesSettings.java", R + "tracing/TracingSettings.java", R + "warmup/WarmupSettings.java"],
     [R + "config/" + f + ".java" for f in ("CascadeConfig", "CommaList", "ConfigBinding", "Configuration", "EmbeddedConfig",
                                             "GatewaySettings", "StrictBoolean", "TierConfig", "TierSettings", "Urls")]
     + [R + "operator/bench/BenchSettings.java", R + "operator/bench/BenchmarkConfig.java",
      R + "operator/compare/CompareSettings.java", R + "operator/compare/CompareConfig.java",
      R + "operator/console/ConsoleSettings.java", R + "operator/console/ConsoleConfig.java",
      R + "operator/judge/JudgeConfig.java", R + "serving/cost/CostConfig.java", R + "serving/edge/EdgeSettings.java",
      R + "serving/edge/EdgeConfig.java", R + "serving/edge/EdgeLists.java", R + "state/StoreConfig.java"],
     "PropertyReader + 14 *Settings records (81 of routes' 88 DEFAULT_ constants were in them) -> @ConfigMapping"
     " interfaces (@WithDefault) + ConfigBinding + 5 records; the keys' AuthConfig etc. (newer) not counted"),
    ("HTTP ingress",
     [R + "http/IngressComponent.java", R + "http/IngressConsumer.java", R + "http/IngressEndpoint.java",
      R + "edge/EdgeVertx.java"],
     [R + "serving/http/IngressComponent.java", R + "serving/http/IngressConsumer.java",
      R + "serving/http/IngressEndpoint.java", R + "serving/http/GatewayHttpServer.java",
      R + "serving/http/GatewayHttpServerFactory.java"],
     "ingress: component + VertxInternal proxy (EdgeVertx) -> ingress: component + the gateway's own HTTP server"),
    ("health and metrics mounting",
     [R + "ops/OpsApi.java#void health\\(", R + "GatewayMainListener.java#void mountHttp\\(",
      R + "metrics/CachedScrape.java"],
     [R + "serving/ops/GatewayHealth.java", R + "serving/ops/ReadinessCheck.java",
      R + "serving/ops/PoolsHealthCheck.java", R + "serving/ops/StoreHealthCheck.java",
      R + "serving/ops/DrainingHealthCheck.java", R + "serving/metrics/MetricsRoutes.java",
      R + "serving/metrics/CachedScrape.java", R + "GatewayMainListener.java#void mountHttp\\("],
     "OpsApi.health + /metrics on the router by hand -> Camel health checks and a /metrics route"),
    ("SSE read loops",
     ["openai-api/src/main/java/com/cascade4arm/openai/Sse.java#String data\\(",
      R + "upstream/UpstreamClient.java#void relay\\(", R + "compare/LegAttempt.java#Outcome stream\\(",
      B + "engine/src/main/java/com/cascade4arm/bench/client/StreamingChatClient.java#StreamResult read\\(",
      B + "engine/src/main/java/com/cascade4arm/bench/client/ChatStreamParser.java#void onLine\\(",
      "llama-host/src/main/java/com/cascade4arm/host/warmup/HostWarmup.java#int answer\\("],
     ["openai-api/src/main/java/com/cascade4arm/openai/SseDecoder.java",
      R + "serving/upstream/SseStreamReader.java", R + "serving/upstream/UpstreamClient.java#void relay\\(",
      R + "operator/compare/LegAttempt.java#Outcome stream\\(",
      B + "engine/src/main/java/com/cascade4arm/bench/client/StreamingChatClient.java#void read\\(",
      B + "engine/src/main/java/com/cascade4arm/bench/client/ChatStreamParser.java#void onData\\(",
      "llama-host/src/main/java/com/cascade4arm/host/warmup/HostWarmup.java#int answer\\("],
     "line splitting in 4 places (Vert.x RecordParser, 2 readLine loops, the JDK's ofLines) -> one SseDecoder the 4 feed"),
    ("CLI parsing (bench, host benches, llama-host, demo models, stand-ins, baseline)",
     [B + "tools/src/main/java/com/cascade4arm/bench/cli/CliOptions.java",
      B + "tools/src/main/java/com/cascade4arm/bench/hosts/HostBenchOptions.java",
      B + "tools/src/main/java/com/cascade4arm/bench/hosts/EngineBench.java#class Options",
      B + "tools/src/main/java/com/cascade4arm/bench/hosts/DraftTuningBench.java#void main\\(",
      B + "tools/src/main/java/com/cascade4arm/bench/hosts/ReceiveBench.java#void main\\(",
      B + "tools/src/main/java/com/cascade4arm/bench/overhead/OverheadBench.java#void main\\(",
      "llama-host/src/main/java/com/cascade4arm/host/HostArguments.java",
      "llama-host/src/main/java/com/cascade4arm/host/LlamaHostMain.java",
      "llama-host/src/main/java/com/cascade4arm/host/demo/DemoModelsMain.java",
      "stand-ins/src/main/java/com/cascade4arm/standins/upstream/ResponderMain.java",
      "stand-ins/src/main/java/com/cascade4arm/standins/hosted/HostedStandInMain.java",
      "baseline-host/src/main/java/com/cascade4arm/baseline/BaselineHostMain.java"],
     [B + "tools/src/main/java/com/cascade4arm/bench/cli/Arguments.java",
      B + "tools/src/main/java/com/cascade4arm/bench/cli/CliOptions.java",
      B + "tools/src/main/java/com/cascade4arm/bench/hosts/HostBenchOptions.java",
      B + "tools/src/main/java/com/cascade4arm/bench/hosts/EngineBench.java#class Options",
      B + "tools/src/main/java/com/cascade4arm/bench/hosts/DraftTuningBench.java#void main\\(",
      B + "tools/src/main/java/com/cascade4arm/bench/hosts/DraftTuningBench.java#class Options",
      B + "tools/src/main/java/com/cascade4arm/bench/hosts/ReceiveBench.java#void main\\(",
      B + "tools/src/main/java/com/cascade4arm/bench/hosts/ReceiveBench.java#class Options",
      B + "tools/src/main/java/com/cascade4arm/bench/overhead/OverheadBench.java#void main\\(",
      "llama-host/src/main/java/com/cascade4arm/host/HostArguments.java",
      "llama-host/src/main/java/com/cascade4arm/host/LlamaHostMain.java",
      "llama-host/demo-models/src/main/java/com/cascade4arm/demomodels/DemoModelsMain.java",
      "stand-ins/src/main/java/com/cascade4arm/standins/upstream/ResponderMain.java",
      "stand-ins/src/main/java/com/cascade4arm/standins/hosted/HostedStandInMain.java",
      "baseline-host/src/main/java/com/cascade4arm/baseline/BaselineHostMain.java"],
     "hand-written flag loops -> picocli @Option fields (whole *Main files: they also start what they parse)"),
    ("CSV writing",
     [B + "engine/src/main/java/com/cascade4arm/bench/runner/Csv.java"],
     [B + "engine/src/main/java/com/cascade4arm/bench/runner/Csv.java"],
     "hand-written RFC 4180 writer and parser -> jackson-dataformat-csv's CsvMapper, configured once"),
    ("percentiles and bootstrap",
     [B + "engine/src/main/java/com/cascade4arm/bench/stats/Percentiles.java",
      B + "engine/src/main/java/com/cascade4arm/bench/stats/Bootstrap.java"],
     [B + "engine/src/main/java/com/cascade4arm/bench/stats/Percentiles.java",
      B + "engine/src/main/java/com/cascade4arm/bench/stats/Bootstrap.java"],
     "Percentiles -> Commons Statistics' Quantile (HF7, as before); Bootstrap keeps its seeded resampling"),
    ("rate limiting and bulkheads",
     [R + "edge/RateLimiter.java", R + "edge/ConcurrencyLimiter.java"],
     [R + "serving/edge/RateLimiter.java", R + "serving/edge/ConcurrencyLimiter.java"],
     "kept custom (routes/design.md, 'Edge limits'); keys' KeyRateWindows (newer) not counted"),
    ("Quartz schema migration",
     [R + "cluster/V3__QuartzTables.java"],
     [R + "state/V3__QuartzTables.java"],
     "Java migration splitting the jar's script at run time -> checked-in V3__quartz_tables.sql (Flyway checksum)"),
    ("demo-model generator",
     ["llama-host/src/main/java/com/cascade4arm/host/demo/"],
     ["llama-host/demo-models/src/main/java/"],
     "moved out of llama-host's inference host into its own module, llama-host/demo-models; then cut, same bytes out"),
    ("warm-up upstream",
     [R + "warmup/WarmupUpstream.java"],
     [R + "warmup/WarmupUpstream.java"],
     "the warm-up's own Vert.x llama-server stand-in -> stand-ins' InstantResponder (draft counts added)"),
]
STACKS = [("Vert.x HttpClient", r"io\.vertx\.core\.http\.HttpClient\b|HttpClientRequest|io\.vertx\.ext\.web\.client"),
          ("Apache HttpClient 5 (camel-http)", r"org\.apache\.hc\.client5|org\.apache\.camel\.component\.http"),
          ("java.net.http", r"java\.net\.http\.")]
RUNTIME = ("routes/", "camel-app/", "openai-api/", "bench/engine/", "llama-host/src/", "baseline-host/")


def git(*args):
    return subprocess.run(["git", *args], check=True, capture_output=True).stdout


class Tree:
    """The main Java files at a ref, or in the working tree ('.')."""

    def __init__(self, ref):
        self.ref = ref
        if ref == ".":
            names = git("ls-files", "-z", "--cached", "--others", "--exclude-standard").decode().split("\0")
        else:
            names = git("ls-tree", "-r", "-z", "--name-only", ref).decode().split("\0")
        self.names = sorted(n for n in names if "/src/main/java/" in n and n.endswith(".java"))
        self._texts = {}

    def text(self, name):
        if name not in self._texts:
            if self.ref == ".":
                try:
                    self._texts[name] = open(name, encoding="utf-8").read()
                except FileNotFoundError:
                    self._texts[name] = None
            else:
                done = subprocess.run(["git", "show", f"{self.ref}:{name}"], capture_output=True)
                self._texts[name] = done.stdout.decode("utf-8") if done.returncode == 0 else None
        return self._texts[name]


def block(text, pattern):
    """The block opening on the first line matching pattern, to its closing brace; None when no line matches."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if re.search(pattern, line) and not line.strip().startswith(("*", "//", "/*")):
            depth, opened = 0, False
            for j in range(i, len(lines)):
                depth += lines[j].count("{") - lines[j].count("}")
                opened |= "{" in lines[j]
                if opened and depth <= 0:
                    return "\n".join(lines[i:j + 1])
            return "\n".join(lines[i:])
    return None


def measure(tree, specs):
    """(code lines, [(spec, lines)]) of the specs present in tree."""
    found = []
    for spec in specs:
        path, _, pattern = spec.partition("#")
        names = [n for n in tree.names if n.startswith(path)] if path.endswith("/") else [path]
        for name in names:
            text = tree.text(name)
            if text is not None and pattern:
                text = block(text, pattern)
            if text is not None:
                found.append((name.split("/src/main/java/")[-1].split("/")[-1] + ("#" + pattern if pattern else "")
                              if not path.endswith("/") else path, code_lines(text)))
    merged = {}
    for label, lines in found:
        merged[label] = merged.get(label, 0) + lines
    return sum(merged.values()), merged


def stacks(tree):
    """Per HTTP client stack: files of the gateway's runtime modules that use it, and their code lines."""
    rows = []
    for label, pattern in STACKS:
        files = [n for n in tree.names if n.startswith(RUNTIME) and re.search(pattern, tree.text(n) or "")]
        rows.append((label, len(files), sum(code_lines(tree.text(n)) for n in files), files))
    return rows


def main(args):
    if len(args) > 2:
        sys.exit("usage: infra-inventory.sh [before-ref [after-ref]]   ('.' = the working tree)")
    before_ref, after_ref = (args + [OLD, "."][len(args):])[:2]
    before, after = Tree(before_ref), Tree(after_ref)
    label = lambda ref: "working tree" if ref == "." else ref
    print(f"hand-written infrastructure, code lines: {label(before_ref)} -> {label(after_ref)}")
    print(f"{'item':44} {'before':>6} {'after':>6} {'delta':>6}  note")
    total_b = total_a = 0
    details = []
    for item, old_specs, new_specs, note in ITEMS:
        b, b_files = measure(before, old_specs)
        a, a_files = measure(after, new_specs)
        total_b, total_a = total_b + b, total_a + a
        print(f"{item[:44]:44} {b:6} {a:6} {a - b:+6}  {note}")
        details.append((item, b_files, a_files))
    sb, sa = stacks(before), stacks(after)
    b, a = sum(r[2] for r in sb), sum(r[2] for r in sa)
    used = lambda rows: sum(1 for r in rows if r[1])
    print(f"{'HTTP client stacks (' + str(used(sb)) + ' -> ' + str(used(sa)) + '; files using them)':44} {b:6} {a:6} "
          f"{a - b:+6}  whole files of the runtime modules that import a client stack (a file may use two)")
    print(f"{'together (items above, stacks apart)':44} {total_b:6} {total_a:6} {total_a - total_b:+6}")
    print("\nfiles counted (code lines):")
    for item, b_files, a_files in details:
        print(f"- {item}\n    before: " + (", ".join(f"{k} {v}" for k, v in b_files.items()) or "-")
              + "\n    after:  " + (", ".join(f"{k} {v}" for k, v in a_files.items()) or "-"))
    for rows, ref in ((sb, before_ref), (sa, after_ref)):
        print(f"- HTTP client stacks at {label(ref)}:")
        for stack, count, lines, files in rows:
            print(f"    {stack}: {count} files, {lines} lines: " + ", ".join(f.split("/")[-1] for f in files))


try:
    main(sys.argv[1:])
except subprocess.CalledProcessError as e:
    sys.exit(f"git {' '.join(e.cmd[1:3])} failed: {e.stderr.decode().strip()}")
PY
