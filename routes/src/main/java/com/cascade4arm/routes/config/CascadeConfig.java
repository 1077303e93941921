package com.cascade4arm.routes.config;

import com.cascade4arm.openai.SchemaLimits;
import com.cascade4arm.routes.operator.bench.BenchmarkConfig;
import com.cascade4arm.routes.state.StoreConfig;
import com.cascade4arm.routes.operator.compare.CompareConfig;
import com.cascade4arm.routes.operator.console.ConsoleConfig;
import com.cascade4arm.routes.serving.cost.CostConfig;
import com.cascade4arm.routes.serving.edge.EdgeConfig;
import com.cascade4arm.routes.serving.keys.AuthConfig;
import com.cascade4arm.routes.serving.keys.RequestLogConfig;
import com.cascade4arm.routes.operator.judge.JudgeConfig;
import com.cascade4arm.rules.RoutingRulebook;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import org.hibernate.validator.constraints.Range;

import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Every {@code cascade.*} key the gateway reads (documented in application.properties), typed, with its one default
 * ({@code @WithDefault}) and its bounds; {@link ConfigBinding} binds it. A key without a default is optional (empty).
 * The per-tier keys are {@link TierConfig}. What the code uses is read from these interfaces directly; values derived
 * from several keys are {@code default} methods, and the checks that span keys run once at binding
 * ({@link ConfigBinding}).
 */
@ConfigMapping(prefix = "cascade")
public interface CascadeConfig {
    /** The model tiers the rulebook routes to, in order; each has its {@link TierConfig}. */
    @WithDefault(ConfigBinding.DEFAULT_TIERS)
    String tiers();

    /** Empty: $XDG_DATA_HOME/cascade4arm or ~/.local/share/cascade4arm ({@link #defaultDataDir()}). */
    Optional<String> dataDir();

    /** Where rule versions and benchmark runs live: cascade.data-dir, else {@link #defaultDataDir()}. */
    default Path dataDirectory() {
        return dataDir().map(Path::of).orElseGet(CascadeConfig::defaultDataDir);
    }

    /** Where rule versions live: cascade.rules.dir, else {@code <data dir>/rules}. */
    default Path rulesDirectory() {
        return rules().dir().map(Path::of).orElseGet(() -> dataDirectory().resolve("rules"));
    }

    /** $XDG_DATA_HOME/cascade4arm, else ~/.local/share/cascade4arm. */
    static Path defaultDataDir() {
        String xdg = System.getenv("XDG_DATA_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".local", "share");
        return base.resolve("cascade4arm");
    }

    @WithName("admin.token") Optional<String> adminToken();

    @WithName("baseline.url") Optional<String> baselineUrl();

    /** POST /v1/embeddings: comma-separated llama-server base URLs (--embeddings); empty: the first tier's endpoints. */
    @WithName("embeddings.urls") Optional<String> embeddingsUrls();

    /** Bearer token sent to them (llama-server --api-key); empty: none, or the first tier's when its URLs serve. */
    @WithName("embeddings.api-key") Optional<String> embeddingsApiKey();

    Upstream upstream();

    Limits limits();

    Breaker breaker();

    @WithName("gateway.worker-threads") @WithDefault("256") @Range(min = 1, max = 10_000) int workerThreads();

    @WithName("chat.schema") Schema chatSchema();

    Escalation escalation();

    Warmup warmup();

    /** Room for a long answer to finish streaming; the pod's terminationGracePeriodSeconds must cover it. */
    @WithName("shutdown.drain-timeout-ms") @WithDefault("20000") @Range(min = 0, max = 3_600_000) long drainTimeoutMs();

    Rules rules();

    Tracing tracing();

    EmbeddedConfig embedded();

    /** Scrapes cost CPU and /metrics is public: a flood of them costs one rendering per period. */
    @WithName("metrics.cache-ms") @WithDefault("1000") @Range(min = 0, max = 600_000) long metricsCacheMs();

    @WithDefault("false")
    @WithConverter(StrictBoolean.class)
    boolean exposeEndpoints();

    EdgeConfig edge();

    CompareConfig compare();

    CostConfig cost();

    JudgeConfig judge();

    BenchmarkConfig bench();

    StoreConfig store();

    ConsoleConfig console();

    AuthConfig auth();

    RequestLogConfig requestLog();

    interface Upstream {
        @WithDefault("2000") @Range(min = 1, max = 600_000) int connectTimeoutMs();

        @WithDefault("120000") @Range(min = 1, max = 3_600_000) long idleTimeoutMs();

        @WithDefault("600000") @Range(min = 1, max = 3_600_000) long requestTimeoutMs();

        @WithDefault("2000") @Range(min = 100, max = 600_000) long healthIntervalMs();
    }

    interface Limits {
        @WithDefault("1024") @Range(min = 1, max = 131_072) int maxTokens();

        @WithDefault("256") @Range(min = 1, max = 131_072) int defaultMaxTokens();

        @WithDefault("32000") @Range(min = 1, max = 10_000_000) int maxPromptChars();

        @WithDefault("1048576") @Range(min = 1_024, max = 100_000_000) long maxBodyBytes();
    }

    interface Breaker {
        @WithDefault("50") @Range(min = 1, max = 100) int failureRatePercent();

        @WithDefault("10") @Range(min = 1, max = 10_000) int window();

        @WithDefault("10000") @Range(min = 1, max = 3_600_000) long openMs();
    }

    /** Bounds of a response_format schema ({@link SchemaLimits} holds the same defaults for its own callers). */
    interface Schema {
        @WithDefault("" + SchemaLimits.DEFAULT_MAX_SCHEMA_CHARS) @Range(min = 1, max = 1_000_000) int maxChars();

        @WithDefault("" + SchemaLimits.DEFAULT_MAX_DEPTH) @Range(min = 1, max = 256) int maxDepth();

        @WithDefault("" + SchemaLimits.DEFAULT_MAX_PROPERTIES) @Range(min = 1, max = 100_000) int maxProperties();

        /** At most SchemaLimits.NUMBER_MAGNITUDE_CEILING (2147483647). */
        @WithDefault("1000000000") @DecimalMin("1") @DecimalMax("2147483647") double maxNumberMagnitude();

        @WithDefault("" + SchemaLimits.DEFAULT_MAX_STRING_LENGTH) @Range(min = 1, max = 1_000_000) int maxStringLength();

        @WithDefault("" + SchemaLimits.DEFAULT_MAX_ITEMS) @Range(min = 1, max = 1_000_000) int maxItems();

        @WithDefault("" + SchemaLimits.DEFAULT_MAX_PATTERN_CHARS) @Range(min = 1, max = 100_000) int maxPatternChars();

        @WithDefault("" + SchemaLimits.DEFAULT_MAX_REPETITION) @Range(min = 1, max = 100_000) int maxRepetition();

        @WithDefault("" + SchemaLimits.DEFAULT_MAX_REPETITION_TOTAL) @Range(min = 1, max = 10_000_000)
        int maxRepetitionTotal();

        /** The bounds as the chat parser takes them. */
        default SchemaLimits limits() {
            return new SchemaLimits(maxChars(), maxDepth(), maxProperties(), maxNumberMagnitude(), maxStringLength(),
                    maxItems(), maxPatternChars(), maxRepetition(), maxRepetitionTotal());
        }
    }

    /**
     * Confidence escalation: a prompt a rule sent to the small model on trial ({@code routeSmallTentatively(threshold,
     * …)}) is answered from the large model when the small model's first {@code tokens} tokens have a confidence
     * (geometric mean of their probabilities) below the threshold, before the client sees anything.
     */
    interface Escalation {
        /** false serves tentative routes as plain small ones. */
        @WithDefault("true") @WithConverter(StrictBoolean.class) boolean enabled();

        /** How many first tokens are buffered and judged. */
        @WithDefault("4") @Range(min = 1, max = 64) int tokens();

        /** One threshold for every trial, overriding the rules' own; empty: each rule's own threshold. */
        Optional<@DecimalMin("0.000001") @DecimalMax("0.999999") Double> minConfidence();

        /** The threshold a trial uses: the configured override, else the rule's. */
        default double threshold(double rulesThreshold) {
            return minConfidence().orElse(rulesThreshold);
        }
    }

    /** How much of the request path is run before the gateway starts serving. */
    interface Warmup {
        /** Chat requests through a throwaway gateway, half streamed; 0 = no warm-up. */
        @WithDefault("2000") @Range(min = 0, max = 1_000_000) int requests();

        /** The warm-up stops after this long whatever the count, so a slow machine still starts. */
        @WithDefault("30000") @Range(min = 1, max = 600_000) long maxMs();

        default boolean enabled() {
            return requests() > 0;
        }
    }

    interface Rules {
        /** Empty: {@code <data-dir>/rules}. */
        Optional<String> dir();

        /** Run-time cap of one decision's pattern and phrase conditions (rules/design.md). */
        @WithDefault("" + RoutingRulebook.DEFAULT_EVALUATION_BUDGET_NANOS / 1_000_000) @Range(min = 1, max = 1_000)
        long evaluationBudgetMs();

        /**
         * The semantic fact (semanticLargeScore: a sentence embedding's P(large), rules/README.md "Semantic fact"):
         * on or off. Off by default: ONNX Runtime adds about 128 MB to lib/ and an embedding costs 4-20 ms of CPU.
         */
        @WithDefault("off") @Pattern(regexp = "on|off") String semantic();

        /** How long a request waits for its embedding before it is routed without the semantic fact. */
        @WithDefault("50") @Range(min = 1, max = 10_000) long semanticBudgetMs();
    }

    interface Tracing {
        /** OTLP/HTTP base URL of a collector (e.g. http://collector:4318); empty: spans are not exported. */
        Optional<String> otlpEndpoint();

        /** How often batched spans are sent. */
        @WithDefault("5000") @Range(min = 10, max = 600_000) long exportDelayMs();

        /** cascade.tracing.otlp-endpoint, null for none; an http(s) URL (checked at binding). */
        default String collector() {
            URI endpoint = Urls.base("cascade.tracing.otlp-endpoint", otlpEndpoint().orElse(null));
            return endpoint == null ? null : endpoint.toString();
        }
    }
}
