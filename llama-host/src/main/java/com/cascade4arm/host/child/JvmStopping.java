package com.cascade4arm.host.child;

import java.util.concurrent.atomic.AtomicBoolean;

/** Whether this JVM has begun to shut down (its shutdown hooks run): a child dying then is not restarted. */
final class JvmStopping {

    private static final AtomicBoolean STOPPING = new AtomicBoolean();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> STOPPING.set(true), "child-supervisor-jvm-stopping"));
    }

    private JvmStopping() {
    }

    static boolean now() {
        return STOPPING.get();
    }
}
