package com.cascade4arm.routes.serving.upstream;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;

import java.net.URI;
import java.net.URL;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** One model server of a pool: its URL, health, in-flight count and its own circuit breaker. */
public final class UpstreamEndpoint {
    private final String name;
    private final URI baseUri;
    private final URL chatUrl;
    private final String apiKey;
    private final CircuitBreaker breaker;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final ServiceTime serviceTime = new ServiceTime();
    private volatile boolean reportsLogprobs = true;
    private volatile boolean callsTools = true;
    private final AtomicBoolean closesAfterStreams = new AtomicBoolean();
    /** False until a health check said ok; readiness waits for that. */
    private volatile boolean healthy;
    /**
     * False until the first health check answered: until then the endpoint is healthy-unknown, not down — requests may
     * try it (a failed call counts on its breaker), and overflow does not treat it as unavailable. The first check
     * answers within milliseconds of the start; a server still loading says so there (HTTP 503) and is left out after.
     */
    private volatile boolean checked;
    private volatile String healthDetail = "not checked yet";
    private final PrefixMemory prefixes;
    /** The server's own slot count ({@code /props}' {@code total_slots}); 0 until it said, or when it does not. */
    private volatile int serverSlots;

    public UpstreamEndpoint(String name, URI baseUri, String apiKey, CircuitBreaker breaker) {
        this(name, baseUri, apiKey, breaker, 0);
    }

    /** {@code slots}: the server's slots to name per request ({@code id_slot}, llama-server), 0 to let it choose. */
    public UpstreamEndpoint(String name, URI baseUri, String apiKey, CircuitBreaker breaker, int slots) {
        this.prefixes = new PrefixMemory(slots);
        this.name = name;
        this.baseUri = baseUri;
        this.chatUrl = parsedOnce(baseUri.resolve(UpstreamClient.CHAT_PATH));
        this.apiKey = apiKey;
        this.breaker = breaker;
    }

    public String name() {
        return name;
    }

    public URI baseUri() {
        return baseUri;
    }

    /** True once the endpoint was seen closing its connection after a streamed answer (llama-server does). */
    public boolean closesAfterStreams() {
        return closesAfterStreams.get();
    }

    /** Records that the endpoint closes its connection after streams; true the first time. */
    public boolean learnClosesAfterStreams() {
        return closesAfterStreams.compareAndSet(false, true);
    }

    /** The chat completions URL, parsed once: given as text, Vert.x would parse it again on every request. */
    URL chatUrl() {
        return chatUrl;
    }

    private static URL parsedOnce(URI uri) {
        try {
            return uri.toURL();
        } catch (java.net.MalformedURLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("endpoint URL must be http(s)://host:port, but was " + uri, e);
        }
    }

    public String apiKey() {
        return apiKey;
    }

    public CircuitBreaker breaker() {
        return breaker;
    }

    /** The conversations (affinity keys) this endpoint served lately, and its slots. */
    public PrefixMemory prefixes() {
        return prefixes;
    }

    /**
     * The requests this endpoint runs at once: the slots its server reported ({@code total_slots}), else the slots
     * configured to name ({@code cascade.<tier>.slots}), else 0 (unknown).
     */
    public int slots() {
        int reported = serverSlots;
        return reported > 0 ? reported : prefixes.slots();
    }

    /** What the server's {@code /props} said its slot count is ({@code total_slots}; 0 or less: it did not say). */
    public void learnSlots(int totalSlots) {
        this.serverSlots = Math.max(0, totalSlots);
    }

    public int inFlight() {
        return inFlight.get();
    }

    public void acquire() {
        serviceTime.started(inFlight.getAndIncrement(), System.nanoTime());
    }

    public void release() {
        serviceTime.completed(System.nanoTime());
        inFlight.decrementAndGet();
    }

    /** The endpoint's recent time per request (what overflow's expected wait multiplies). */
    public ServiceTime serviceTime() {
        return serviceTime;
    }

    /**
     * How long one more request would wait here: in flight × recent time per request, ms; 0 before any request
     * completed (nothing measured yet: no wait is assumed).
     */
    public double expectedWaitMs() {
        double perRequest = serviceTime.perRequestMs();
        return Double.isNaN(perRequest) ? 0 : inFlight.get() * perRequest;
    }

    public boolean healthy() {
        return healthy;
    }

    /** True once a health check answered (ok or not). */
    public boolean checked() {
        return checked;
    }

    public String healthDetail() {
        return healthDetail;
    }

    /**
     * False when the model server says it cannot report log-probabilities ({@code /props}'
     * {@code capabilities.logprobs}: our in-process host); llama-server, which reports them, says nothing.
     */
    public boolean reportsLogprobs() {
        return reportsLogprobs;
    }

    /** False when the model server says it cannot call tools ({@code /props}' {@code capabilities.tools}). */
    public boolean callsTools() {
        return callsTools;
    }

    /** What the server's {@code /props} said it can do (read once it first answers ok). */
    public void learnCapabilities(boolean logprobs, boolean tools) {
        this.reportsLogprobs = logprobs;
        this.callsTools = tools;
    }

    public void markHealth(boolean healthy, String detail) {
        this.healthy = healthy;
        this.healthDetail = detail;
        this.checked = true;
    }

    /**
     * Usable now: the last health check passed, or none has answered yet (healthy-unknown: only a failed check or
     * failed calls make an endpoint unavailable), and the breaker lets calls through.
     */
    public boolean available() {
        return (healthy || !checked) && breaker.getState() != CircuitBreaker.State.OPEN
                && breaker.getState() != CircuitBreaker.State.FORCED_OPEN;
    }

    @Override
    public String toString() {
        return name + "(" + baseUri + ")";
    }
}
