package com.cascade4arm.routes.serving.tracing;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The chat path's traces: a client's W3C {@code traceparent} is accepted, each request gets a server span with child
 * spans for the routing decision and for each upstream call (with a "first token" event), and the upstream is sent the
 * call span's {@code traceparent}. Spans are exported by OTLP/HTTP when {@code cascade.tracing.otlp-endpoint} is set;
 * without it the spans are no-ops but an incoming traceparent is still passed on to the upstreams.
 */
public final class ChatTracing implements AutoCloseable {
    public static final String SERVICE_NAME = "cascade4arm-gateway";
    static final AttributeKey<String> TIER = AttributeKey.stringKey("cascade.tier");
    static final AttributeKey<String> RULE = AttributeKey.stringKey("cascade.rule");
    static final AttributeKey<String> ENDPOINT = AttributeKey.stringKey("cascade.endpoint");
    private static final TextMapGetter<Function<String, String>> HEADERS = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Function<String, String> carrier) {
            return Collections.emptyList();
        }

        @Override
        public String get(Function<String, String> carrier, String key) {
            return carrier == null ? null : carrier.apply(key);
        }
    };

    private final OpenTelemetrySdk sdk;
    private final Tracer tracer;

    private ChatTracing(OpenTelemetrySdk sdk, OpenTelemetry openTelemetry) {
        this.sdk = sdk;
        this.tracer = openTelemetry.getTracer("com.cascade4arm.routes");
    }

    /** Exports to {@code otlpEndpoint} (base URL, e.g. http://collector:4318; null = no export) every {@code exportDelayMs}. */
    public static ChatTracing create(String otlpEndpoint, long exportDelayMs) {
        if (otlpEndpoint == null) {
            return new ChatTracing(null, OpenTelemetry.noop());
        }
        OtlpHttpSpanExporter exporter = OtlpHttpSpanExporter.builder()
                .setEndpoint(otlpEndpoint.replaceAll("/+$", "") + "/v1/traces").build();
        SdkTracerProvider provider = SdkTracerProvider.builder()
                .setResource(Resource.getDefault().merge(Resource.create(
                        Attributes.of(AttributeKey.stringKey("service.name"), SERVICE_NAME))))
                .addSpanProcessor(BatchSpanProcessor.builder(exporter)
                        .setScheduleDelay(Duration.ofMillis(exportDelayMs)).build())
                .build();
        OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setTracerProvider(provider).build();
        return new ChatTracing(sdk, sdk);
    }

    /** The server span of one chat request, child of the client's traceparent when it sent one. */
    public Span startRequest(Function<String, String> requestHeaders) {
        Context parent = W3CTraceContextPropagator.getInstance().extract(Context.root(), requestHeaders, HEADERS);
        return tracer.spanBuilder("chat").setParent(parent).setSpanKind(SpanKind.SERVER).startSpan();
    }

    public Span startDecision(Span request) {
        return tracer.spanBuilder("routing decision").setParent(Context.root().with(request)).startSpan();
    }

    /** Ends the decision span with what the rules chose. */
    public static void endDecision(Span decision, String tier, String rule) {
        decision.setAttribute(TIER, tier);
        if (rule != null) {
            decision.setAttribute(RULE, rule);
        }
        decision.end();
    }

    public Span startUpstreamCall(Span request, String tier, String endpoint) {
        return tracer.spanBuilder("upstream call").setParent(Context.root().with(request)).setSpanKind(SpanKind.CLIENT)
                .setAttribute(TIER, tier).setAttribute(ENDPOINT, endpoint).startSpan();
    }

    /** The headers that carry {@code span}'s context to the upstream (traceparent; none for an invalid span). */
    public static Map<String, String> headersFor(Span span) {
        Map<String, String> headers = new LinkedHashMap<>();
        W3CTraceContextPropagator.getInstance().inject(Context.root().with(span), headers, Map::put);
        return headers;
    }

    /** Records when the first token arrived ({@code firstNanos}, on the clock that reads {@code nowNanos}; 0 = none). */
    public static void firstToken(Span call, long firstNanos, long nowNanos) {
        if (firstNanos != 0) {
            long epochNanos = TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis()) - (nowNanos - firstNanos);
            call.addEvent("first token", epochNanos, TimeUnit.NANOSECONDS);
        }
    }

    public static void endWithError(Span span, String message) {
        span.setStatus(StatusCode.ERROR, message);
        span.end();
    }

    @Override
    public void close() {
        if (sdk != null) {
            sdk.getSdkTracerProvider().shutdown().join(5, TimeUnit.SECONDS);
        }
    }
}
