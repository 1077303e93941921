package com.cascade4arm.bench.hosts;

import com.cascade4arm.bench.stats.Percentiles;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Phase durations of llama.cpp's speculative loop, read from its timestamped debug log (de.kherud:llama 4.2.0's
 * server: per step one single-token decode of the target, the draft's tokens, then one batch that verifies them, every
 * row with logits). Prompt-eval timings cannot show the verify cost: llama.cpp runs the last layer's FFN only for rows
 * that need logits, so a prompt batch of a one-block model looks almost free.
 */
final class SpeculativeSteps {
    /** common_log's timestamp: minutes.seconds.milliseconds.microseconds since the logger started. */
    private static final Pattern TIMESTAMP = Pattern.compile("^(\\d+)\\.(\\d{2})\\.(\\d{3})\\.(\\d{3}) ");
    private static final Pattern VERIFY = Pattern.compile("decoding speculative batch, size = (\\d+)");
    private static final Pattern DRAFTED = Pattern.compile("accepted (\\d+)/(\\d+) draft tokens");
    private static final double MS_PER_MINUTE = 60_000;

    private final List<Double> singleDecodeMs = new ArrayList<>();
    private final List<Double> draftMsPerToken = new ArrayList<>();
    private final Map<Integer, List<Double>> verifyMsByRows = new TreeMap<>();

    private enum Phase { NONE, DECODE, DRAFT, VERIFY }

    /** Parses the log lines of drafted generations (other lines are skipped). */
    static SpeculativeSteps parse(List<String> lines) {
        SpeculativeSteps steps = new SpeculativeSteps();
        Phase phase = Phase.NONE;
        double start = 0;
        int rows = 0;
        for (String line : lines) {
            Matcher time = TIMESTAMP.matcher(line);
            if (!time.find()) {
                continue;
            }
            double ms = Integer.parseInt(time.group(1)) * MS_PER_MINUTE + Integer.parseInt(time.group(2)) * 1000.0
                    + Integer.parseInt(time.group(3)) + Integer.parseInt(time.group(4)) / 1000.0;
            Matcher verify = VERIFY.matcher(line);
            Matcher drafted = DRAFTED.matcher(line);
            if (line.contains("decoding batch, n_tokens = 1")) {
                phase = Phase.DECODE;
                start = ms;
            } else if (phase == Phase.DECODE && line.contains("sending result")) {
                steps.singleDecodeMs.add(ms - start);
                phase = Phase.NONE;
            } else if (line.contains("common_speculative_gen_draft: reuse_i")) {
                phase = Phase.DRAFT;
                start = ms;
            } else if (phase == Phase.DRAFT && verify.find()) {
                rows = Integer.parseInt(verify.group(1));
                if (rows > 1) {
                    steps.draftMsPerToken.add((ms - start) / (rows - 1));
                }
                phase = Phase.VERIFY;
                start = ms;
            } else if (phase == Phase.VERIFY && line.contains("sending result")) {
                steps.verifyMsByRows.computeIfAbsent(rows, r -> new ArrayList<>()).add(ms - start);
                phase = Phase.NONE;
            } else if (drafted.find()) {
                phase = Phase.NONE;
            }
        }
        return steps;
    }

    double singleDecodeMs() {
        return Percentiles.median(singleDecodeMs);
    }

    double draftMsPerToken() {
        return Percentiles.median(draftMsPerToken);
    }

    /** Median verify cost per batch size (rows = sampled token + drafted tokens). */
    Map<Integer, Double> verifyMs() {
        Map<Integer, Double> medians = new TreeMap<>();
        verifyMsByRows.forEach((rows, values) -> medians.put(rows, Percentiles.median(values)));
        return medians;
    }

    int verifySamples(int rows) {
        return verifyMsByRows.getOrDefault(rows, List.of()).size();
    }

    boolean isEmpty() {
        return singleDecodeMs.isEmpty() || verifyMsByRows.isEmpty();
    }
}
