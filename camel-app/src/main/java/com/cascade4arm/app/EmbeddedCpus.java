package com.cascade4arm.app;

import com.cascade4arm.host.cpu.CpuSet;

import java.util.Locale;

/**
 * Where the embedded hosts run: the cascade's hosts (small and large) and the baseline each get their own CPUs, so
 * that during a Compare or Benchmark race neither system slows the other down (on shared cores each would get about
 * half the machine, and llama.cpp's threads spin-wait on each other when they outnumber the cores). {@code auto}: the
 * lower half of this process's CPUs for the cascade, the upper half for the baseline, or no split on one CPU;
 * {@code all}: every host may use every CPU; otherwise an explicit {@code 0-3,6} list.
 *
 * @param cascade  CPUs of the small and large hosts, or null for any CPU
 * @param baseline CPUs of the baseline host, or null for any CPU
 */
record EmbeddedCpus(CpuSet cascade, CpuSet baseline) {

    static final String AUTO = "auto";
    static final String ALL = "all";

    /** Resolves the two settings against the CPUs this process may use. */
    static EmbeddedCpus resolve(String cascadeSetting, String baselineSetting, CpuSet available) {
        boolean split = available.size() >= 2;
        CpuSet lower = split ? available.lowerHalf() : null;
        CpuSet upper = split ? available.upperHalf() : null;
        return new EmbeddedCpus(setting("cascade-cpus", cascadeSetting, lower),
                setting("baseline-cpus", baselineSetting, upper));
    }

    /**
     * Threads for each of {@code sharing} hosts on {@code cpus}: the explicit count if given, else the CPUs divided
     * among the hosts (at least one): llama.cpp's threads spin-wait for each other, so more busy threads than CPUs
     * slow every host down (with a llama-server, by 10× and more).
     */
    static int threads(Integer configured, CpuSet cpus, int sharing) {
        if (configured != null) {
            return configured;
        }
        int available = cpus != null ? cpus.size() : Runtime.getRuntime().availableProcessors();
        return Math.max(1, available / sharing);
    }

    private static CpuSet setting(String key, String value, CpuSet auto) {
        String text = value == null ? AUTO : value.trim().toLowerCase(Locale.ROOT);
        if (text.isEmpty() || text.equals(AUTO)) {
            return auto;
        }
        if (text.equals(ALL)) {
            return null;
        }
        try {
            return CpuSet.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("cascade.embedded." + key + " must be auto, all or a list like 0-3,6, but was '"
                    + value + "'", e);
        }
    }
}
