package com.cascade4arm.host.cpu;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import io.vertx.core.Vertx;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * Pins threads to a {@link CpuSet} with Linux's {@code sched_setaffinity}. Linux hands a thread's CPU mask down to
 * every thread and process it creates, so pinning the thread that loads a model (llama.cpp's server loop and OpenMP
 * workers are created by it) or starts a child process pins all of them. Elsewhere it does nothing and says so once.
 */
public final class ThreadAffinity {

    private static final Logger LOG = LoggerFactory.getLogger(ThreadAffinity.class);
    private static final boolean LINUX = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux");
    private static final int CALLING_THREAD = 0;
    private static volatile LibC libc;
    private static volatile boolean warned;

    /** The two libc calls used. */
    interface LibC extends Library {
        int sched_setaffinity(int pid, NativeLong size, long[] mask);

        int sched_getaffinity(int pid, NativeLong size, long[] mask);
    }

    private ThreadAffinity() {
    }

    /** True where threads can be pinned (Linux). */
    public static boolean supported() {
        return LINUX && libc() != null;
    }

    /** The CPUs the calling thread may run on; every available processor where that cannot be asked. */
    public static CpuSet current() {
        LibC c = libc();
        if (c != null) {
            long[] mask = new long[CpuSet.MAX_CPU / Long.SIZE + 1];
            if (c.sched_getaffinity(CALLING_THREAD, new NativeLong(mask.length * 8L), mask) == 0) {
                return CpuSet.fromMask(mask);
            }
        }
        return CpuSet.range(0, Runtime.getRuntime().availableProcessors() - 1);
    }

    /** Restricts the calling thread to {@code cpus}; returns false (and logs once) where that is not possible. */
    public static boolean pinCurrentThread(CpuSet cpus) {
        LibC c = libc();
        if (c == null) {
            warnOnce("CPU pinning is not supported on this platform; threads run on any CPU");
            return false;
        }
        long[] mask = cpus.mask();
        if (c.sched_setaffinity(CALLING_THREAD, new NativeLong(mask.length * 8L), mask) != 0) {
            warnOnce("could not pin threads to CPUs " + cpus + " (errno " + Native.getLastError()
                    + "); threads run on any CPU");
            return false;
        }
        return true;
    }

    /**
     * Runs {@code action} with the calling thread pinned to {@code cpus} (null: unpinned), then restores the
     * thread's previous CPUs; threads and processes it creates keep the pinning.
     */
    public static <T> T runPinned(CpuSet cpus, Supplier<T> action) {
        if (cpus == null || !LINUX) {
            return action.get();
        }
        CpuSet before = current();
        boolean pinned = pinCurrentThread(cpus);
        try {
            return action.get();
        } finally {
            if (pinned) {
                pinCurrentThread(before);
            }
        }
    }

    /** Pins the event-loop thread of a Vert.x instance that has exactly one (each host has its own). */
    public static void pinEventLoop(Vertx vertx, CpuSet cpus) {
        if (cpus != null && LINUX) {
            vertx.getOrCreateContext().runOnContext(v -> pinCurrentThread(cpus));
        }
    }

    private static LibC libc() {
        if (!LINUX) {
            return null;
        }
        if (libc == null) {
            synchronized (ThreadAffinity.class) {
                if (libc == null) {
                    try {
                        libc = Native.load("c", LibC.class);
                    } catch (UnsatisfiedLinkError e) {
                        warnOnce("libc not loadable for CPU pinning: " + e.getMessage());
                        return null;
                    }
                }
            }
        }
        return libc;
    }

    private static void warnOnce(String message) {
        if (!warned) {
            warned = true;
            LOG.warn(message);
        }
    }
}
