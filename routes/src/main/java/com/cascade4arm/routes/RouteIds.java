package com.cascade4arm.routes;

/** Route ids: each equals its direct: name (if it has one) and is the metrics tag, so they live in one place. */
public final class RouteIds {
    public static final String CHAT_COMPLETIONS = "chat-completions";
    public static final String SELECT_ENDPOINT = "select-endpoint";
    /** Sends a routed chat to its tier's pool, one static branch per configured tier. */
    public static final String CALL_TIER = "call-tier";
    /** A routed chat the tier cannot take in time, answered by the hosted API (package overflow). */
    public static final String OVERFLOW_HOSTED = "overflow-hosted";
    /** A routed legacy completion the tier cannot take in time, answered by the hosted API's /completions. */
    public static final String OVERFLOW_HOSTED_COMPLETIONS = "overflow-hosted-completions";
    /** One call of the hosted API: camel-http inside its circuit breaker; Compare's hosted leg and overflow share it. */
    public static final String HOSTED_CALL = "hosted-call";
    public static final String EXPLAIN_ROUTE = "explain-route";
    public static final String HEALTH = "health";
    /** Prometheus scrape (package metrics). */
    public static final String METRICS = "metrics";
    public static final String LIST_MODELS = "list-models";
    /** POST /v1/embeddings, passed to the embeddings pool (package embeddings). */
    public static final String EMBEDDINGS = "embeddings";
    /** POST /v1/completions, routed like chat and relayed to the tier's /v1/completions (package completions). */
    public static final String COMPLETIONS = "completions";
    /** The console's configured text about the compared systems (package console). */
    public static final String CONSOLE_TEXT = "console-text";
    // Benchmark (package bench): the REST API and the timer route.
    public static final String BENCH_START = "bench-start";
    public static final String BENCH_LIST = "bench-list";
    public static final String BENCH_STATUS = "bench-status";
    public static final String BENCH_ROWS = "bench-rows";
    public static final String BENCH_AGGREGATES = "bench-aggregates";
    public static final String BENCH_TURNS = "bench-turns";
    public static final String BENCH_CANCEL = "bench-cancel";
    public static final String BENCH_SCHEDULED = "bench-scheduled";
    /** One judge call: camel-http inside the judge's circuit breaker (package judge). */
    public static final String JUDGE_CALL = "judge-call";
    // Compare (package compare): JSON and SSE entry routes, the parallel fan-out and one leg per system.
    public static final String COMPARE = "compare";
    public static final String COMPARE_STREAM = "compare-stream";
    public static final String COMPARE_SYSTEMS = "compare-systems";
    public static final String COMPARE_MULTICAST = "compare-multicast";
    public static final String COMPARE_CASCADE = "compare-cascade";
    public static final String COMPARE_BASELINE = "compare-baseline";
    public static final String COMPARE_HOSTED = "compare-hosted";
    /** Suffix of a leg's attempt route (camel-http inside the leg's circuit breaker), e.g. compare-hosted-attempt. */
    public static final String ATTEMPT_SUFFIX = "-attempt";
    // Rules admin (package rulesadmin): read, validate, dry-run, activate, history, one version, rollback.
    public static final String RULES_GET = "rules-get";
    public static final String RULES_VALIDATE = "rules-validate";
    public static final String RULES_DRY_RUN = "rules-dry-run";
    public static final String RULES_PUT = "rules-put";
    public static final String RULES_HISTORY = "rules-history";
    public static final String RULES_VERSION = "rules-version";
    public static final String RULES_ROLLBACK = "rules-rollback";
    // Virtual keys and the request log (package operator.keys).
    public static final String KEYS_CREATE = "keys-create";
    public static final String KEYS_LIST = "keys-list";
    public static final String KEYS_SHOW = "keys-show";
    public static final String KEYS_UPDATE = "keys-update";
    public static final String KEYS_REVOKE = "keys-revoke";
    public static final String KEYS_ROTATE = "keys-rotate";
    public static final String KEYS_USAGE = "keys-usage";
    public static final String REQUESTS_LIST = "requests-list";

    private RouteIds() {
    }

    /** The direct: endpoint URI of a route id. */
    public static String direct(String routeId) {
        return "direct:" + routeId;
    }
}
