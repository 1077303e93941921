package com.cascade4arm.host.inference;

import com.cascade4arm.host.cpu.CpuSet;
import com.cascade4arm.host.cpu.ThreadAffinity;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threads for calls into llama.cpp that tokenize text (templating, counting tokens, starting a generation). llama.cpp
 * b4916's pre-tokenizer recurses once per character of a run of letters: a 5,000-letter word overflows a default 1 MB
 * Java thread stack and the process dies with SIGSEGV (no Java exception, no log). These threads get a stack that holds
 * the longest prompt a slot can take ({@link LoadedModel#MAX_PROMPT_CHARS_PER_TOKEN}); stack memory is only committed
 * as it is touched.
 */
final class NativeThreads {

    /** Measured: 64 MiB holds a 100,000-letter word; the longest accepted prompt is 32 characters per context token. */
    static final long STACK_BYTES = 256L * 1024 * 1024;

    private NativeThreads() {
    }

    /** Threads named {@code prefix-N}, pinned to {@code cpus} (null: any CPU) like the rest of their host. */
    static ThreadFactory named(String prefix, CpuSet cpus) {
        AtomicInteger counter = new AtomicInteger();
        return runnable -> {
            Runnable pinned = cpus == null ? runnable : () -> {
                ThreadAffinity.pinCurrentThread(cpus);
                runnable.run();
            };
            Thread thread = new Thread(null, pinned, prefix + "-" + counter.incrementAndGet(), STACK_BYTES);
            thread.setDaemon(true);
            return thread;
        };
    }
}
