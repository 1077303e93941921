package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Whether the cascade's model hosts and the baseline run on CPUs of their own, as far as the gateway knows: it knows
 * for the embedded hosts it started (cascade.embedded.cascade-cpus / baseline-cpus), not for endpoints given by URL.
 * A race between two systems that share CPUs measures each one slowed by the other, which Compare says next to it.
 *
 * @param cascade  the cascade hosts' CPUs as a list ("0-3"), or null for any CPU
 * @param baseline the baseline's CPUs, or null for any CPU
 */
public record SystemCpus(boolean known, String cascade, String baseline) {
    public static final SystemCpus UNKNOWN = new SystemCpus(false, null, null);

    /** True when known and the two may run on a same CPU (either unpinned, or the lists overlap). */
    public boolean shared() {
        return known && (cascade == null || baseline == null || overlap(cascade, baseline));
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("known", known);
        json.put("shared", known ? shared() : null);
        json.put("cascade", cascade);
        json.put("baseline", baseline);
        json.put("note", note());
        return json;
    }

    /** One sentence for the console. */
    String note() {
        if (!known) {
            return "The cascade and the baseline are endpoints given by URL: whether they share CPUs is not known here.";
        }
        if (shared()) {
            return "The cascade and the baseline share CPUs here (cascade " + describe(cascade) + ", baseline "
                    + describe(baseline) + "): in a race each slows the other, so a single race says little.";
        }
        return "The cascade and the baseline run on CPUs of their own here (cascade " + describe(cascade)
                + ", baseline " + describe(baseline) + "): in a race they do not compete for the same cores (other load on"
                + " the machine still can).";
    }

    private static String describe(String cpus) {
        return cpus == null ? "any CPU" : "CPUs " + cpus;
    }

    private static boolean overlap(String a, String b) {
        java.util.BitSet left = bits(a);
        left.and(bits(b));
        return !left.isEmpty();
    }

    /** "0-3,6" as a set of CPU numbers. */
    static java.util.BitSet bits(String list) {
        java.util.BitSet bits = new java.util.BitSet();
        for (String part : list.split(",")) {
            String range = part.trim();
            if (range.isEmpty()) {
                continue;
            }
            int dash = range.indexOf('-');
            int from = Integer.parseInt(dash < 0 ? range : range.substring(0, dash).trim());
            int to = dash < 0 ? from : Integer.parseInt(range.substring(dash + 1).trim());
            bits.set(from, to + 1);
        }
        return bits;
    }
}
