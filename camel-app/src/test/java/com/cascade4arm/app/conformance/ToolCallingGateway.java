package com.cascade4arm.app.conformance;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.DemoModels;
import com.cascade4arm.testing.llamaserver.LlamaServer;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The gateway in front of real llama-servers ({@code --jinja}) that serve the demo models, whose chat template has
 * Qwen2.5's tool-use branch: the large tier calls tools. Skips the calling test where there is no llama-server.
 */
public final class ToolCallingGateway implements AutoCloseable {
    /** The demo models' tool-use scenario (llama-host/DEMO-MODELS.md, "Tool use"): the tool they call. */
    public static final String TOOLS = "[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
            + "\"description\":\"Current weather in a city\",\"parameters\":{\"type\":\"object\","
            + "\"properties\":{\"city\":{\"type\":\"string\"}},\"required\":[\"city\"]}}}]";
    public static final String QUESTION = "What is the weather like in Lisbon?";
    /** What the test's get_weather returns; the demo models' canned answer to a tool result says the same. */
    public static final String WEATHER = "{\"city\":\"Lisbon\",\"condition\":\"sunny\",\"temperature_c\":22}";
    private static final Duration LOAD_WITHIN = Duration.ofMinutes(2);

    private final LlamaServer small;
    private final LlamaServer large;
    private final TestGateway gateway;

    private ToolCallingGateway(LlamaServer small, LlamaServer large, TestGateway gateway) {
        this.small = small;
        this.large = large;
        this.gateway = gateway;
    }

    public static ToolCallingGateway start() {
        Path binary = LlamaServer.binaryOrSkip();
        List<String> args = List.of("--jinja", "-c", "4096", "-np", "1", "-t", "1");
        LlamaServer small = LlamaServer.start(binary, DemoModels.ensure(DemoModel.SMALL), args, LOAD_WITHIN);
        LlamaServer large = null;
        try {
            large = LlamaServer.start(binary, DemoModels.ensure(DemoModel.LARGE), args, LOAD_WITHIN);
            return new ToolCallingGateway(small, large, gateway(small, large));
        } catch (RuntimeException e) {
            small.close();
            if (large != null) {
                large.close();
            }
            throw e;
        }
    }

    private static TestGateway gateway(LlamaServer small, LlamaServer large) {
        return TestGateway.boot(Map.of("cascade.small.urls", small.baseUrl(),
                "cascade.large.urls", large.baseUrl(),
                // not under test here: the small server stands in, so no embedded demo-3b host is loaded
                "cascade.baseline.url", small.baseUrl(),
                // the bundled rulebook sends tool calls large ("tool calls go large"); its llama-server takes tool
                // results, so the operator lists the role there (the shipped default leaves tool out)
                "cascade.large.roles", "system,developer,user,assistant,tool"), true);
    }

    /** The gateway's base URL (without /v1). */
    public String baseUrl() {
        return gateway.baseUrl().toString();
    }

    public TestGateway gateway() {
        return gateway;
    }

    @Override
    public void close() {
        gateway.close();
        large.close();
        small.close();
    }
}
