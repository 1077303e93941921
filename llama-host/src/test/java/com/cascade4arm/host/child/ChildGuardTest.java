package com.cascade4arm.host.child;

import com.cascade4arm.testing.skips.MissingTool;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The shell watchdog: the child ends when our end of its stdin closes, and its exit status comes through. */
class ChildGuardTest {

    @Test
    void passesTheChildsExitStatusThrough() throws Exception {
        Process guard = start(List.of("/bin/sh", "-c", "exit 7"));

        assertThat(guard.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(guard.exitValue()).isEqualTo(7);
    }

    @Test
    void stopsTheChildWhenStdinCloses() throws Exception {
        Process guard = start(List.of("sleep", "600"));
        ProcessHandle child = awaitChild(guard);

        guard.getOutputStream().close();

        assertThat(guard.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(guard.exitValue()).as("SIGTERM").isEqualTo(128 + 15);
        await().atMost(Duration.ofSeconds(5)).until(() -> !child.isAlive());
    }

    @Test
    void passesSigtermOnToTheChild() throws Exception {
        Process guard = start(List.of("sleep", "600"));
        ProcessHandle child = awaitChild(guard);

        guard.destroy();

        assertThat(guard.waitFor(10, TimeUnit.SECONDS)).isTrue();
        await().atMost(Duration.ofSeconds(5)).until(() -> !child.isAlive());
    }

    private static Process start(List<String> command) throws IOException {
        MissingTool.assumePresent(ChildGuard.supervisable(), "sh", "a POSIX shell at /bin/sh runs the child watchdog");
        return new ProcessBuilder(ChildGuard.wrap(command)).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static ProcessHandle awaitChild(Process guard) {
        return await().atMost(Duration.ofSeconds(5)).until(() -> guard.children()
                .filter(child -> child.info().command().orElse("").endsWith("sleep")).findFirst().orElse(null),
                child -> child != null);
    }
}
