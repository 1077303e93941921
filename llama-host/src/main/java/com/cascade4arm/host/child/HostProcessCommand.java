package com.cascade4arm.host.child;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.LlamaHostMain;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Our own host (llama.cpp in-process, through JNI) in a JVM of its own: the same model, draft settings, context, slots,
 * threads and request order as {@link com.cascade4arm.host.LlamaHost} would use in the caller's JVM, started from the
 * caller's Java and class path. One model per process keeps llama.cpp's models apart (with several models computing at
 * once in one JVM an answer sometimes ends at its first token) and lets the OS pin each host's threads, the JNI
 * receive loop's spinning included, to its own CPUs.
 *
 * @param javaOptions JVM options for the child, after the defaults and before the class path
 * @param nativeDir   where the child extracts de.kherud's native library (null: de.kherud's default); deleted by
 *                    {@link #release()}
 */
public record HostProcessCommand(HostConfig config, Path java, String classPath, List<String> javaOptions,
                                 Path nativeDir) implements ChildCommand {

    /** Enough for the host's HTTP and JSON work: the model's memory is native, outside the heap. */
    static final String HEAP = "-Xmx256m";
    /** Where de.kherud extracts its native library; each child gets a directory of its own below it. */
    static final String NATIVE_DIR_PROPERTY = "de.kherud.llama.tmpdir";
    /** Other system properties the child inherits: a pre-extracted native library, the temporary directory. */
    private static final List<String> INHERITED = List.of("de.kherud.llama.lib.path", "java.io.tmpdir");

    /** The command that starts {@code config}'s host from this JVM's Java installation and class path. */
    public static HostProcessCommand of(HostConfig config) {
        List<String> options = new ArrayList<>();
        for (String key : INHERITED) {
            String value = System.getProperty(key);
            if (value != null) {
                options.add("-D" + key + "=" + value);
            }
        }
        // de.kherud deletes every "llama" file in its directory before extracting its own: children starting
        // together in one directory delete each other's library, so each gets its own.
        return new HostProcessCommand(config, Path.of(System.getProperty("java.home"), "bin", "java"),
                System.getProperty("java.class.path"), List.copyOf(options),
                NativeLibraryDirs.forChild(config.alias()));
    }

    @Override
    public void release() {
        if (nativeDir != null) {
            NativeLibraryDirs.delete(nativeDir);
        }
    }

    @Override
    public String kind() {
        return "llama-host process";
    }

    @Override
    public List<String> build(int port, String childKey) {
        List<String> args = new ArrayList<>(List.of(java.toString(), HEAP, "-XX:+UseSerialGC", "-XX:-UsePerfData"));
        args.addAll(javaOptions);
        if (nativeDir != null) {
            args.add("-D" + NATIVE_DIR_PROPERTY + "=" + nativeDir);
        }
        args.addAll(List.of("-cp", classPath, LlamaHostMain.class.getName(),
                "--engine", "jni",
                "--model", config.model().toString(),
                "--alias", config.alias(),
                "--host", CHILD_HOST,
                "--port", String.valueOf(port),
                "--ctx-size", String.valueOf(config.ctxSize()),
                "--parallel", String.valueOf(config.parallel()),
                "--serialize-requests", String.valueOf(config.serializeRequests()),
                "--threads", String.valueOf(config.threads()),
                "--max-body-bytes", String.valueOf(config.maxBodyBytes()),
                "--warmup-requests", String.valueOf(config.warmupRequests()),
                "--api-key", childKey));
        if (config.draftModel() != null) {
            args.addAll(List.of("--model-draft", config.draftModel().toString(),
                    "--draft-max", String.valueOf(config.draftMax()),
                    "--draft-min", String.valueOf(config.draftMin()),
                    "--draft-p-min", String.valueOf(config.draftPMin())));
        }
        return args;
    }
}
