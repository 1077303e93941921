package com.cascade4arm.host;

import com.cascade4arm.host.child.ChildGuard;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.host.testing.CappedHostProcess;
import com.cascade4arm.host.testing.DemoModelFiles;
import com.cascade4arm.host.testing.HostClient;
import com.cascade4arm.testing.skips.MissingTool;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The schemas that grew a host to 20 GB ({@code maxLength: 10^9}, ~350 bytes of native memory per unit in llama.cpp's
 * schema converter) must never be replayed on a shared machine uncapped: here the host runs in a process of its own
 * whose address space is capped a little above what it needed to load and answer, so if a schema ever reached the
 * converter again the child would fail an allocation instead of waking the OOM killer (seen with the check removed:
 * the child aborts, or llama.cpp drops the grammar on std::bad_alloc and answers 200). With the schema check in place
 * each is a 400 naming the limit and the process does not grow.
 */
class HostileSchemasUnderMemoryCapIT {

    /** The cap the child starts under: far below the 20 GB, above the ~1.6 GiB of address space a demo host reserves. */
    static final long START_CAP_BYTES = 3L << 30;
    /** Room above the healthy host's peak address space: threads, heap and metaspace growth; 2·10^6 took 807 MB. */
    static final long HEADROOM_BYTES = 192L << 20;

    private static CappedHostProcess host;
    private static long capBytes;

    @BeforeAll
    static void startACappedHost() throws Exception {
        MissingTool.assumePresent(Files.isExecutable(CappedHostProcess.PRLIMIT) && ChildGuard.supervisable()
                        && Files.isDirectory(Path.of("/proc/self")), "prlimit",
                "util-linux's prlimit (and Linux /proc) caps the host; the 10^9 schema is never sent uncapped");
        HostConfig config = HostConfig.defaults("demo-capped", DemoModelFiles.path(DemoModel.SMALL))
                .withCtxSize(512).withParallel(1).withThreads(1).withEngine(Engine.JNI, null);
        Path log = Files.createDirectories(Path.of("target", "capped-host")).resolve("child.log");
        host = CappedHostProcess.start(config, START_CAP_BYTES, log);
        assertThat(goodAnswer().statusCode()).as("a good request before").isEqualTo(200);
        long peak = host.statusBytes("VmPeak");
        capBytes = peak + HEADROOM_BYTES;
        host.recap(capBytes);
        System.out.printf("capped host pid %d: VmPeak %d MiB, VmHWM %d MiB after load and one answer; cap %d MiB "
                        + "(started under %d MiB)%n", host.process().pid(), peak >> 20,
                host.statusBytes("VmHWM") >> 20, capBytes >> 20, START_CAP_BYTES >> 20);
    }

    @AfterAll
    static void stop() {
        if (host != null) {
            host.close();
        }
    }

    static Stream<Arguments> killerSchemas() {
        String nested = "{\"type\":\"array\",\"items\":".repeat(600) + "{\"type\":\"string\"}" + "}".repeat(600);
        return Stream.of(
                Arguments.of("maxLength 10^9 (grew a host to 20 GB)", "{\"type\":\"string\",\"maxLength\":1000000000}",
                        "maxLength must be at most 4096, but was 1000000000"),
                Arguments.of("maxLength 2*10^6 (807 MB, 4.7 s)", "{\"type\":\"string\",\"maxLength\":2000000}",
                        "maxLength must be at most 4096, but was 2000000"),
                Arguments.of("maxItems 10^9", "{\"type\":\"array\",\"maxItems\":1000000000}",
                        "maxItems must be at most 1024, but was 1000000000"),
                Arguments.of("arrays nested 600 deep", nested, "may nest objects and arrays at most 32 deep"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("killerSchemas")
    void refusesAKillerSchemaWithinTheCap(String name, String schema, String message) {
        ProcessHandle process = host.process();
        assertThat(process.isAlive()).as("the capped host's process (pid %d) before", process.pid()).isTrue();
        long hwmBefore = host.statusBytes("VmHWM");

        long started = System.nanoTime();
        HttpResponse<String> response = send("{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],"
                + "\"max_tokens\":4,\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"a\","
                + "\"schema\":" + schema + "}}}");
        double millis = (System.nanoTime() - started) / 1e6;

        assertThat(process.isAlive()).as("the capped host's process (pid %d) after the schema", process.pid()).isTrue();
        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        JsonObject error = new JsonObject(response.body()).getJsonObject("error");
        assertThat(error.getString("type")).isEqualTo("invalid_request_error");
        assertThat(error.getString("message")).startsWith("response_format.json_schema.schema").contains(message);
        long hwmAfter = host.statusBytes("VmHWM");
        System.out.printf("%s: 400 in %.1f ms; VmHWM %d -> %d MiB (cap %d MiB)%n", name, millis, hwmBefore >> 20,
                hwmAfter >> 20, capBytes >> 20);
        assertThat(hwmAfter).as("peak resident memory under the cap").isLessThan(capBytes);
        assertThat(host.statusBytes("VmPeak")).as("peak address space within the cap").isLessThanOrEqualTo(capBytes);
        assertThat(goodAnswer().statusCode()).as("a good request after").isEqualTo(200);
        assertThat(host.process().pid()).as("the host's process").isEqualTo(process.pid());
        assertThat(process.isAlive()).as("the host's process after a good request").isTrue();
    }

    private static HttpResponse<String> goodAnswer() {
        return send(HostClient.chatBody("Are you still there?", 2, false));
    }

    /** The answer; a connection the host dropped fails naming whether its process is still alive. */
    private static HttpResponse<String> send(String body) {
        try {
            return host.client().postJson("/v1/chat/completions", body);
        } catch (UncheckedIOException e) {
            throw new AssertionError("no answer from the capped host (pid " + host.process().pid() + ", alive: "
                    + host.process().isAlive() + "; its output: target/capped-host/child.log): " + e.getMessage(), e);
        }
    }
}
