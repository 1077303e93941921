package com.cascade4arm.host.child;

import com.cascade4arm.host.Engine;
import com.cascade4arm.host.HostArguments;
import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.LlamaHostMain;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class HostProcessCommandTest {

    private static final HostConfig DRAFTED = HostConfig.defaults("demo-1.5b", Path.of("/models/large.gguf"))
            .withDraft(Path.of("/models/small.gguf")).withDraftTuning(6, 1, 0.4f).withCtxSize(8192).withParallel(4)
            .withThreads(3).withMaxBodyBytes(2_000_000).withPort(9000).withApiKey("client-key").withWarmupRequests(7);

    @TempDir
    Path base;
    private String nativeBaseBefore;

    @BeforeEach
    void nativeDirectoriesUnderTheTestsOwnBase() {
        nativeBaseBefore = System.getProperty(HostProcessCommand.NATIVE_DIR_PROPERTY);
        System.setProperty(HostProcessCommand.NATIVE_DIR_PROPERTY, base.toString());
    }

    @AfterEach
    void restoreTheNativeBase() {
        if (nativeBaseBefore == null) {
            System.clearProperty(HostProcessCommand.NATIVE_DIR_PROPERTY);
        } else {
            System.setProperty(HostProcessCommand.NATIVE_DIR_PROPERTY, nativeBaseBefore);
        }
    }

    @Test
    void theChildParsesBackTheSameHostOnItsOwnPortAndKey() {
        List<String> line = new HostProcessCommand(DRAFTED, Path.of("/jdk/bin/java"), "a.jar:b.jar", List.of(), null)
                .build(4321, "child-key");

        HostConfig child = HostArguments.parse(hostArguments(line)).toConfig();

        assertThat(child).isEqualTo(DRAFTED.withHost(ChildCommand.CHILD_HOST).withPort(4321).withApiKey("child-key")
                .withEngine(Engine.JNI, null));
        assertThat(line.subList(0, 1)).containsExactly("/jdk/bin/java");
        assertThat(line).containsSubsequence("-cp", "a.jar:b.jar", LlamaHostMain.class.getName());
    }

    @Test
    void aSerializedBaselineStaysOneRequestAtATime() {
        HostConfig baseline = HostConfig.defaults("demo-3b", Path.of("/models/baseline.gguf")).withParallel(1)
                .withSerializeRequests(true).withCtxSize(2048);
        List<String> line = new HostProcessCommand(baseline, Path.of("java"), "cp", List.of(), null).build(1, "k");

        HostConfig child = HostArguments.parse(hostArguments(line)).toConfig();

        assertThat(child.serializeRequests()).isTrue();
        assertThat(child.draftModel()).isNull();
        assertThat(child.concurrentGenerations()).isEqualTo(1);
        assertThat(child.warmupRequests()).as("warm-up as configured").isEqualTo(HostConfig.DEFAULT_WARMUP_REQUESTS);
    }

    @Test
    void aHostWithoutWarmupStartsAChildWithoutWarmup() {
        List<String> line = new HostProcessCommand(DRAFTED.withWarmupRequests(0), Path.of("java"), "cp", List.of(),
                null).build(1, "k");

        assertThat(HostArguments.parse(hostArguments(line)).toConfig().warmupRequests()).isZero();
    }

    @Test
    void eachChildExtractsTheNativeLibraryIntoADirectoryOfItsOwn() {
        List<String> small = HostProcessCommand.of(DRAFTED.withAlias("demo-0.5b")).build(1, "k");
        List<String> large = HostProcessCommand.of(DRAFTED).build(1, "k");

        String smallDir = nativeDir(small);
        String largeDir = nativeDir(large);
        assertThat(smallDir).isNotEqualTo(largeDir);
        assertThat(Path.of(smallDir)).isDirectory().hasParent(base.resolve(NativeLibraryDirs.ROOT));
        assertThat(Path.of(smallDir).getFileName().toString())
                .startsWith(ProcessHandle.current().pid() + "-demo-0.5b-");
        assertThat(nativeDir(HostProcessCommand.of(DRAFTED).build(1, "k"))).as("a second host of the same alias")
                .isNotEqualTo(largeDir);
        assertThat(small).contains(HostProcessCommand.HEAP);
        assertThat(small.get(0)).isEqualTo(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    @Test
    void directoriesOfJvmsThatAreGoneAreDeleted() throws Exception {
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        Path root = base.resolve(NativeLibraryDirs.ROOT);
        Path left = Files.createDirectories(root.resolve(ended.pid() + "-demo-3b"));
        Files.writeString(left.resolve("libjllama.so"), "old");
        Path foreign = Files.createDirectories(root.resolve("not-a-pid"));

        HostProcessCommand.of(DRAFTED).build(1, "k");

        assertThat(left).doesNotExist();
        assertThat(foreign).exists();
    }

    @Test
    void releasingTheCommandDeletesItsChildsDirectory() throws Exception {
        HostProcessCommand command = HostProcessCommand.of(DRAFTED);
        Path dir = Path.of(nativeDir(command.build(1, "k")));
        Files.writeString(dir.resolve("libjllama.so"), "extracted");
        HostProcessCommand other = HostProcessCommand.of(DRAFTED.withAlias("demo-0.5b"));

        command.release();

        assertThat(dir).doesNotExist();
        assertThat(other.nativeDir()).as("another host's directory").isDirectory();
    }

    private static String nativeDir(List<String> line) {
        String prefix = "-D" + HostProcessCommand.NATIVE_DIR_PROPERTY + "=";
        return line.stream().filter(arg -> arg.startsWith(prefix)).map(arg -> arg.substring(prefix.length()))
                .reduce((a, b) -> b).orElseThrow();
    }

    @Test
    void thePrintableLineHidesTheKey() {
        List<String> line = new HostProcessCommand(DRAFTED, Path.of("java"), "cp", List.of(), null).build(1, "secret");

        assertThat(ChildCommand.printable(line)).contains("--api-key ***").doesNotContain("secret");
    }

    private static String[] hostArguments(List<String> line) {
        return line.subList(line.indexOf(LlamaHostMain.class.getName()) + 1, line.size()).toArray(String[]::new);
    }
}
