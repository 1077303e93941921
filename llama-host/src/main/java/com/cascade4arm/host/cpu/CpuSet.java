package com.cascade4arm.host.cpu;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Objects;

/**
 * A set of CPU numbers written the way {@code taskset -c} and Linux's {@code Cpus_allowed_list} write it
 * ({@code 0-3,6}); used to give each host its own cores so that two systems racing on one machine do not slow each
 * other down.
 */
public final class CpuSet {

    /** Highest CPU number accepted (the affinity masks passed to the kernel are sized for it). */
    public static final int MAX_CPU = 1023;

    private final BitSet cpus;

    private CpuSet(BitSet cpus) {
        this.cpus = cpus;
    }

    /** Parses {@code 0-3,6}; errors name the bad value. */
    public static CpuSet parse(String list) {
        Objects.requireNonNull(list, "cpu list must not be null");
        BitSet cpus = new BitSet();
        for (String part : list.trim().split(",")) {
            String range = part.trim();
            int dash = range.indexOf('-');
            int from = number(dash < 0 ? range : range.substring(0, dash), list);
            int to = dash < 0 ? from : number(range.substring(dash + 1), list);
            if (to < from) {
                throw new IllegalArgumentException("cpu range must go upwards, but was '" + range + "' in '" + list + "'");
            }
            cpus.set(from, to + 1);
        }
        return new CpuSet(cpus);
    }

    /** Exactly these CPUs. */
    public static CpuSet of(int... numbers) {
        BitSet cpus = new BitSet();
        for (int cpu : numbers) {
            if (cpu < 0 || cpu > MAX_CPU) {
                throw new IllegalArgumentException("cpu numbers must be between 0 and " + MAX_CPU + ", but was " + cpu);
            }
            cpus.set(cpu);
        }
        return new CpuSet(cpus);
    }

    /** CPUs {@code from} to {@code to}, both included. */
    public static CpuSet range(int from, int to) {
        return parse(from + "-" + to);
    }

    public int size() {
        return cpus.cardinality();
    }

    public boolean contains(int cpu) {
        return cpus.get(cpu);
    }

    /** The first half of the CPUs (the larger half when odd), e.g. 0 of 0-1, 0-1 of 0-2; empty below two CPUs. */
    public CpuSet lowerHalf() {
        int[] all = toArray();
        return all.length < 2 ? of() : of(Arrays.copyOfRange(all, 0, (all.length + 1) / 2));
    }

    /** The CPUs not in {@link #lowerHalf()}; empty below two CPUs. */
    public CpuSet upperHalf() {
        int[] all = toArray();
        return all.length < 2 ? of() : of(Arrays.copyOfRange(all, (all.length + 1) / 2, all.length));
    }

    /** The CPU numbers, ascending. */
    public int[] toArray() {
        return cpus.stream().toArray();
    }

    /** The kernel's affinity mask: bit {@code n} of word {@code n / 64} set for CPU {@code n}. */
    long[] mask() {
        long[] words = new long[MAX_CPU / Long.SIZE + 1];
        long[] set = cpus.toLongArray();
        System.arraycopy(set, 0, words, 0, set.length);
        return words;
    }

    static CpuSet fromMask(long[] words) {
        return new CpuSet(BitSet.valueOf(words));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CpuSet set && set.cpus.equals(cpus);
    }

    @Override
    public int hashCode() {
        return cpus.hashCode();
    }

    /** The {@code 0-3,6} form. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        int from = cpus.nextSetBit(0);
        while (from >= 0) {
            int to = cpus.nextClearBit(from) - 1;
            text.append(text.length() == 0 ? "" : ",").append(from).append(from == to ? "" : "-" + to);
            from = cpus.nextSetBit(to + 1);
        }
        return text.toString();
    }

    private static int number(String text, String list) {
        try {
            int cpu = Integer.parseInt(text.trim());
            if (cpu < 0 || cpu > MAX_CPU) {
                throw new IllegalArgumentException("cpu numbers must be between 0 and " + MAX_CPU + ", but was "
                        + cpu + " in '" + list + "'");
            }
            return cpu;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("cpu list must look like 0-3,6, but was '" + list + "'");
        }
    }
}
