package com.cascade4arm.bench.jmh;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The machine's own tail, the reference for {@link RuleDecisionBenchmark}'s percentiles: a pure computation calibrated
 * to take {@code micros} at its median, sampled like a decision. Run next to the decision with the decision's p50 as
 * {@code micros}; whatever the reference's p99 exceeds its p50 by, the machine (other tenants, interrupts, the
 * collector's threads) added, not the rules:
 * <pre>
 * java -cp "bench/tools/target/bench.jar:bench/tools/target/lib/*" org.openjdk.jmh.Main \
 *   'RuleDecisionBenchmark.extractAndDecide$|CpuReferenceBenchmark' -p kind=essay-2000 -p micros=30
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx1g")
public class CpuReferenceBenchmark {

    @Param("30")
    public int micros;

    private long tokens;

    @Setup
    public void calibrate() {
        long probe = 100_000;
        long[] nanos = new long[201];
        for (int i = 0; i < nanos.length; i++) {
            long start = System.nanoTime();
            Blackhole.consumeCPU(probe);
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        tokens = Math.max(1, probe * micros * 1_000 / Math.max(1, nanos[nanos.length / 2]));
    }

    @Benchmark
    public void reference() {
        Blackhole.consumeCPU(tokens);
    }
}
