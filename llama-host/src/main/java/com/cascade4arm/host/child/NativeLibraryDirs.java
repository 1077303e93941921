package com.cascade4arm.host.child;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * One directory per supervised host for de.kherud's native library,
 * {@code <base>/cascade4arm-jllama/<our pid>-<alias>-<n>} (base: the {@code de.kherud.llama.tmpdir} this JVM was
 * given, else {@code java.io.tmpdir}; n counts this JVM's hosts, so two hosts of one alias never share one). A
 * restarted child reuses its directory; the supervisor deletes it when it closes, and directories of JVMs that are
 * gone (killed gateways) are deleted when the next child's is made.
 */
final class NativeLibraryDirs {

    static final String ROOT = "cascade4arm-jllama";
    private static final AtomicInteger HOSTS = new AtomicInteger();

    private NativeLibraryDirs() {
    }

    /** Creates (if needed) and returns the directory for this JVM's child serving {@code alias}. */
    static Path forChild(String alias) {
        Path root = Path.of(System.getProperty(HostProcessCommand.NATIVE_DIR_PROPERTY,
                System.getProperty("java.io.tmpdir")), ROOT);
        Path dir = root.resolve(ProcessHandle.current().pid() + "-" + alias.replaceAll("[^A-Za-z0-9._-]", "_") + "-"
                + HOSTS.incrementAndGet());
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir + " for the host's native library", e);
        }
        deleteDirsOfEndedJvms(root);
        return dir;
    }

    private static void deleteDirsOfEndedJvms(Path root) {
        try (Stream<Path> dirs = Files.list(root)) {
            dirs.filter(dir -> !ownerAlive(dir.getFileName().toString())).forEach(NativeLibraryDirs::delete);
        } catch (IOException e) {
            // another JVM pruning at the same time; the next start tries again
        }
    }

    /** Names start with the owning JVM's pid; anything else is not ours and is kept. */
    static boolean ownerAlive(String name) {
        int dash = name.indexOf('-');
        if (dash <= 0) {
            return true;
        }
        try {
            return ProcessHandle.of(Long.parseLong(name.substring(0, dash))).map(ProcessHandle::isAlive).orElse(false);
        } catch (NumberFormatException e) {
            return true;
        }
    }

    /** Deletes {@code dir} and what it holds; a file in use is left for a later start. */
    static void delete(Path dir) {
        try (Stream<Path> tree = Files.walk(dir)) {
            List<Path> paths = tree.sorted(Comparator.reverseOrder()).toList();
            for (Path path : paths) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            // in use or already gone: left for a later start
        }
    }
}
