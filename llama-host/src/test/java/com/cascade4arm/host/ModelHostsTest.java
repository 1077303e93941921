package com.cascade4arm.host;

import com.cascade4arm.host.llamaserver.HelpTexts;
import com.cascade4arm.host.llamaserver.LlamaServerBinary;
import com.cascade4arm.testing.skips.MissingTool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which engine a host gets: auto takes a llama-server where one is installed, and says why it chose. */
class ModelHostsTest {

    private static final HostConfig CONFIG = HostConfig.defaults("m", Path.of("m.gguf"));

    @Test
    void autoFallsBackToJniWithoutAnyLlamaServer(@TempDir Path emptyDir) {
        ModelHosts.EngineChoice choice = ModelHosts.choose(CONFIG, emptyDir.toString());

        assertThat(choice.engine()).isEqualTo(Engine.JNI);
    }

    @Test
    void jniIsKeptWhenAskedFor(@TempDir Path dir) throws IOException {
        ModelHosts.EngineChoice choice = ModelHosts.choose(CONFIG.withEngine(Engine.JNI, null), fakeServerDir(dir));

        assertThat(choice.engine()).isEqualTo(Engine.JNI);
    }

    @Test
    void autoTakesTheLlamaServerOnThePathAndReadsItsFlags(@TempDir Path dir) throws IOException {
        ModelHosts.EngineChoice choice = ModelHosts.choose(CONFIG.withDraft(Path.of("d.gguf")), fakeServerDir(dir));

        assertThat(choice.engine()).isEqualTo(Engine.LLAMA_SERVER);
        assertThat(choice.binary().path()).isEqualTo(dir.resolve("llama-server").toRealPath());
        assertThat(choice.binary().flags().specType()).isTrue();
    }

    @Test
    void llamaServerEngineWithoutABinaryIsAnError(@TempDir Path emptyDir) {
        MissingTool.assumePresent(LlamaServerBinary.supervisable(), "sh", "a POSIX shell at /bin/sh runs the child watchdog");

        assertThatThrownBy(() -> ModelHosts.choose(CONFIG.withEngine(Engine.LLAMA_SERVER, null), emptyDir.toString()))
                .hasMessageContaining("no llama-server on the PATH");
        assertThatThrownBy(() -> ModelHosts.choose(CONFIG.withEngine(Engine.AUTO, emptyDir.resolve("nope")), ""))
                .hasMessageContaining("llama-server must be an executable file, but was");
    }

    /** A directory with an executable "llama-server" script that prints a current build's --help. */
    private static String fakeServerDir(Path dir) throws IOException {
        MissingTool.assumePresent(LlamaServerBinary.supervisable(), "sh", "a POSIX shell at /bin/sh runs the child watchdog");
        Path script = dir.resolve("llama-server");
        Files.writeString(script, "#!/bin/sh\ncat <<'EOF'\n" + HelpTexts.CURRENT + "EOF\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir.toString();
    }
}
