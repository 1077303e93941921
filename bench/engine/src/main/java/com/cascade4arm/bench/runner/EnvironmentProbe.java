package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.client.BenchHttp;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Collects a {@link RunEnvironment}: the local machine and JVM, and each endpoint's llama-server {@code /props}. */
public final class EnvironmentProbe {

    public static final Duration PROPS_TIMEOUT = Duration.ofSeconds(3);
    private static final Path CPU_INFO = Path.of("/proc/cpuinfo");

    private EnvironmentProbe() {
    }

    /** The machine and JVM, the targets' /props (bearer key sent), then {@code more} as given. */
    static RunEnvironment collect(BenchHttp http, List<TargetConfig> targets, List<RunEnvironment.Endpoint> more) {
        List<RunEnvironment.Endpoint> endpoints = new ArrayList<>();
        targets.forEach(t -> endpoints.add(props(http, t.name(), t.baseUrl(), t.apiKey())));
        endpoints.addAll(more);
        return new RunEnvironment(machine(), jvm(), List.copyOf(endpoints));
    }

    public static RunEnvironment.Machine machine() {
        long memory = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getTotalMemorySize() : -1;
        return new RunEnvironment.Machine(Runtime.getRuntime().availableProcessors(), cpuModel(), memory,
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
    }

    static String jvm() {
        return System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version");
    }

    /** GET {base}/props (a trailing /v1 dropped) on {@code http}; never throws: a failure is recorded in {@code error}. */
    public static RunEnvironment.Endpoint props(BenchHttp http, String name, String baseUrl, String apiKey) {
        try {
            BenchHttp.Reply reply = http.await(propsUrl(baseUrl), apiKey, PROPS_TIMEOUT.toMillis());
            return fromProps(name, reply.status(), reply.body());
        } catch (IOException | RuntimeException e) {
            return failed(name, "GET /props failed: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed(name, "GET /props interrupted");
        }
    }

    /** {@code base}/props, a trailing /v1 (and slashes) dropped. */
    public static URI propsUrl(String baseUrl) {
        return URI.create(baseUrl.replaceAll("/+$", "").replaceAll("/v1$", "") + "/props");
    }

    /** The endpoint a /props answer describes (engine build, model file, sha256, slots, generation settings). */
    public static RunEnvironment.Endpoint fromProps(String name, int status, String body) throws IOException {
        if (status != 200) {
            return failed(name, "GET /props answered HTTP " + status);
        }
        JsonNode props = Json.MAPPER.readTree(body);
        return new RunEnvironment.Endpoint(name, text(props, "build_info"), text(props, "model_path"),
                text(props, "model_sha256"), props.path("total_slots").isInt() ? props.get("total_slots").asInt() : null,
                props.get("default_generation_settings"), null);
    }

    /** An endpoint whose /props could not be read, and why. */
    public static RunEnvironment.Endpoint failed(String name, String error) {
        return new RunEnvironment.Endpoint(name, null, null, null, null, null, error);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    /** "model name" on x86, else the Arm "CPU part"/"Hardware" line, else the architecture. */
    private static String cpuModel() {
        try {
            for (String key : List.of("model name", "Hardware", "CPU part")) {
                for (String line : Files.readAllLines(CPU_INFO)) {
                    if (line.toLowerCase(Locale.ROOT).startsWith(key.toLowerCase(Locale.ROOT))) {
                        return line.substring(line.indexOf(':') + 1).trim();
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through
        }
        return System.getProperty("os.arch");
    }
}
