package com.cascade4arm.host;

import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.host.testing.DemoModelFiles;
import com.cascade4arm.testing.llamaserver.LlamaServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** A llama-server started by our host never outlives the JVM, even one killed with SIGKILL (no shutdown hook runs). */
class NoOrphanIT {

    @Test
    void llamaServerDiesWithAKilledJvm(@TempDir Path dir) throws Exception {
        Path binary = LlamaServer.binaryOrSkip();
        Path output = dir.resolve("host.log");
        Process jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), LlamaHostMain.class.getName(),
                "--model", DemoModelFiles.path(DemoModel.SMALL).toString(), "--engine", "llama-server",
                "--llama-server", binary.toString(), "--port", "0", "-c", "512", "-np", "1", "-t", "1")
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> read(output).contains("ready at"));
            List<ProcessHandle> servers = jvm.descendants()
                    .filter(process -> process.info().command().orElse("").endsWith("llama-server")).toList();
            assertThat(servers).as("the llama-server the host started").hasSize(1);

            jvm.destroyForcibly(); // SIGKILL
            assertThat(jvm.waitFor(10, TimeUnit.SECONDS)).isTrue();

            await().atMost(Duration.ofSeconds(15)).until(() -> !servers.get(0).isAlive());
        } finally {
            jvm.destroyForcibly();
        }
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }
}
