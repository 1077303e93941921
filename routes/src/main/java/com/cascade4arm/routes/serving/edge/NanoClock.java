package com.cascade4arm.routes.serving.edge;

/** The edge's time source in nanoseconds, injectable so rate-limit and timeout tests run on a clock they move. */
@FunctionalInterface
public interface NanoClock {
    NanoClock SYSTEM = System::nanoTime;

    long nanoTime();
}
