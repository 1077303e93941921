package com.cascade4arm.host.testing;

import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The real llama-server the tests compare against: {@code ../shared/tools/llama-server/llama-server} relative to the
 * project root (the directory holding {@code llama-host/}). Tests that need it skip, with a message, when it is absent.
 */
public final class LlamaServerTool {

    private LlamaServerTool() {
    }

    /** The binary, or a skipped test. */
    public static Path require() {
        Path binary = location();
        Assumptions.assumeTrue(Files.isExecutable(binary),
                "llama-server not found at " + binary + ": skipping the tests that need a real llama-server");
        return binary;
    }

    public static Path location() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("llama-host").resolve("pom.xml"))) {
            dir = dir.getParent();
        }
        Path root = dir == null ? Path.of("").toAbsolutePath() : dir;
        Path parent = root.getParent() == null ? root : root.getParent();
        return parent.resolve("shared").resolve("tools").resolve("llama-server").resolve("llama-server");
    }
}
